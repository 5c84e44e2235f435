import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@wps/contract/endpoints';
import type { StaffAuditEntry } from '@wps/contract/staff';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import {
  appendStaffAudit,
  digestOf,
  readStaffAudit,
  verifyStaffAudit,
  type StaffAuditRecord,
} from '../../services/staff/audit-chain.js';
import { csvField, listStaffAudit } from '../../services/staff/audit-log.js';
import { AURORA, LOTUS, value } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

/** Every staff write of the contract's table (a POST of `auth: 'staff'`), with its path filled in. */
const STAFF_WRITES = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
  const endpoint = endpoints[name] as { method: string; auth?: string };
  return endpoint.auth === 'staff' && endpoint.method === 'POST';
});
const pathOf = (name: EndpointName) =>
  endpoints[name].path.replace('/wps/staff/', '').replaceAll(/:\w+/g, '999999');

async function chainOf(db: Db, merchantId: number) {
  return rowsOf<{
    seq: string;
    action: string;
    outcome: string;
    error_code: string | null;
    staff_id: number | null;
  }>(
    db,
    sql`SELECT seq::int AS seq, action, outcome, error_code, staff_id FROM staff_audit WHERE merchant_id = ${merchantId} ORDER BY seq`,
  );
}

async function merchantId(db: Db, code: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM merchants WHERE code = ${code}`);
  return row?.id ?? 0;
}

// Issue 30 item 9: every staff write, done or refused, appends one link to its merchant's chain.
describe.each(backends)('the staff audit chain (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);

  it('walks the endpoint table: each staff write, signed out or with a bad body, adds exactly one refused link', async () => {
    expect(STAFF_WRITES.length).toBeGreaterThanOrEqual(12);
    const aurora = await merchantId(t.db, 'aurora');
    const cookie = await signIn(t.app, 'aurora-lead');
    for (const name of STAFF_WRITES) {
      for (const [who, body] of [
        ['', {}],
        [cookie, { unexpected: '<script>' }],
      ] as const) {
        const before = (await chainOf(t.db, aurora)).length;
        const answer = await staffCall(t.app, 'POST', pathOf(name), who, body);
        const added = (await chainOf(t.db, aurora)).slice(before);
        expect(added, `${name} ${who === '' ? 'signed out' : 'signed in'}`).toHaveLength(1);
        const [link] = added;
        const ok = answer.statusCode === 200;
        expect(link).toMatchObject({ action: name, outcome: ok ? 'ok' : 'refused' });
        if (!ok) expect(link?.error_code).toBe((answer.json() as { errorCode: string }).errorCode);
      }
    }
    expect(await verifyStaffAudit(t.db)).toEqual([]);
  });

  // [the write, the staff member, what is sent, the outcome, the errorCode]
  it.each<[string, string, EndpointName, (id: number) => unknown, 'ok' | 'refused', string | null]>([
    ['a sign-in', 'lotus-cashier', 'staffLogin', () => ({}), 'ok', null],
    [
      'a limit set for a member',
      'lotus-compliance',
      'staffLimitSet',
      (id) => ({ customerId: id, type: 'deposit_day', amount: '100000', reason: 'Review' }),
      'ok',
      null,
    ],
    [
      'a limit raise (refused by the rule)',
      'lotus-compliance',
      'staffLimitSet',
      (id) => ({ customerId: id, type: 'deposit_day', amount: '999999999', reason: 'Review' }),
      'refused',
      'invalid_request',
    ],
    [
      'a withdrawal approval by an agent (not allowed)',
      'lotus-agent',
      'staffWithdrawalApprove',
      () => ({ id: 'nope' }),
      'refused',
      'staff_forbidden',
    ],
  ])('%s by %s: one link, %s', async (_case, username, name, body, outcome, code) => {
    const lotus = await merchantId(t.db, 'lotus');
    const [member] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM customers WHERE merchant_id = ${lotus} ORDER BY id LIMIT 1`,
    );
    const cookie = await signIn(t.app, username, LOTUS);
    const before = await chainOf(t.db, lotus);
    if (name !== 'staffLogin')
      await staffCall(t.app, 'POST', pathOf(name), cookie, body(member?.id ?? 0), LOTUS);
    const added = (await chainOf(t.db, lotus)).slice(before.length);
    expect(added).toHaveLength(name === 'staffLogin' ? 0 : 1);
    const link = name === 'staffLogin' ? before.at(-1) : added[0];
    expect(link).toMatchObject({ action: name, outcome, error_code: code });
    expect(link?.staff_id).toEqual(expect.any(Number));
  });

  it('answers a merchant its own chain only, with names; another merchant’s staff see theirs', async () => {
    const lead = await signIn(t.app, 'aurora-lead');
    const auroraLinks = value<StaffAuditEntry[]>(await staffCall(t.app, 'GET', 'audit', lead));
    expect(auroraLinks.length).toBeGreaterThan(0);
    expect(auroraLinks.map((link) => link.seq)).toEqual(auroraLinks.map((_, index) => index + 1));
    expect(auroraLinks.find((link) => link.action === 'staffLogin' && link.outcome === 'ok')?.staffName).toBe(
      'Sam (lead)',
    );
    const lotusCompliance = await signIn(t.app, 'lotus-compliance', LOTUS);
    const lotusLinks = value<StaffAuditEntry[]>(
      await staffCall(t.app, 'GET', 'audit', lotusCompliance, undefined, LOTUS),
    );
    expect(lotusLinks.every((link) => !auroraLinks.some((other) => other.hash === link.hash))).toBe(true);
    // An agent may not read it; nobody signed in neither.
    const agent = await signIn(t.app, 'aurora-agent');
    expect((await staffCall(t.app, 'GET', 'audit', agent)).statusCode).toBe(403);
    expect((await staffCall(t.app, 'GET', 'audit', '')).statusCode).toBe(401);
    // The CSV has the same links.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/wps/staff/audit.csv',
      headers: { host: AURORA, cookie: lead },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'seq,at,staffId,staffName,action,outcome,errorCode,requestDigest,beforeDigest,afterDigest,ip,requestId,prevHash,hash',
    );
    expect(lines.length - 1).toBeGreaterThanOrEqual(auroraLinks.length);
  });

  it('refuses to change or delete a link', async () => {
    const aurora = await merchantId(t.db, 'aurora');
    await appendStaffAudit(t.db, {
      merchantId: aurora,
      staffId: null,
      action: 'test',
      outcome: 'ok',
      errorCode: null,
      request: {},
      ip: '127.0.0.1',
      requestId: 'r',
      at: clock.now(),
    });
    await expect(
      t.db.execute(sql`UPDATE staff_audit SET action = 'x' WHERE merchant_id = ${aurora}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM staff_audit WHERE merchant_id = ${aurora}`)).rejects.toThrow();
  });

  it('20 appends at once make one unbroken chain', async () => {
    const orbit = await merchantId(t.db, 'orbit');
    const before = (await chainOf(t.db, orbit)).length;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.db.transaction((tx) =>
          appendStaffAudit(tx, {
            merchantId: orbit,
            staffId: null,
            action: `race${index}`,
            outcome: 'ok',
            errorCode: null,
            request: { index },
            ip: '127.0.0.1',
            requestId: `r${index}`,
            at: clock.now(),
          }),
        ),
      ),
    );
    const chain = await chainOf(t.db, orbit);
    expect(chain.map((row) => Number(row.seq))).toEqual(
      Array.from({ length: before + 20 }, (_, index) => index + 1),
    );
    expect(await verifyStaffAudit(t.db, orbit)).toEqual([]);
  });

  // [what the link holds] — the chain's walk and the back office's list map one row the same way.
  it.each<[string, Partial<StaffAuditRecord>]>([
    ['nobody signed in, refused', { outcome: 'refused', errorCode: 'staff.not.signed.in' }],
    ['a before and an after', { before: { amount: '1' }, after: { amount: '2' } }],
    ['an after only, an IPv6 address', { after: [], ip: '2001:db8::1' }],
  ])('reads a link the same through the chain and the list: %s', async (_name, shape) => {
    const lotus = await merchantId(t.db, 'lotus');
    await signIn(t.app, 'lotus-cashier', LOTUS);
    await appendStaffAudit(t.db, {
      merchantId: lotus,
      staffId: null,
      action: 'test',
      outcome: 'ok',
      errorCode: null,
      request: { note: '<b>"x",y</b>' },
      ip: '127.0.0.1',
      requestId: 'same-read',
      at: clock.now(),
      ...shape,
    });
    const chain = await readStaffAudit(t.db, lotus);
    const listed = await listStaffAudit(t.db, lotus, 0, 1_000);
    expect(listed.some((entry) => entry.staffName !== null)).toBe(true);
    expect(chain).toEqual(
      listed.map(({ staffName: _staffName, ...link }) => ({ merchantId: lotus, ...link })),
    );
    expect(await verifyStaffAudit(t.db, lotus)).toEqual([]);
  });

  // [column, the change] — any column of any link, checked on a link in the middle of the chain.
  it.each([
    ['at', sql`at = at + interval '1 second'`],
    ['staff_id', sql`staff_id = 424242`],
    ['action', sql`action = 'staffLogout'`],
    ['outcome', sql`outcome = CASE WHEN outcome = 'ok' THEN 'refused' ELSE 'ok' END`],
    ['error_code', sql`error_code = 'forged'`],
    ['request_digest', sql`request_digest = md5('x')`],
    ['before_digest', sql`before_digest = md5('before')`],
    ['after_digest', sql`after_digest = md5('after')`],
    ['ip', sql`ip = '10.0.0.1'`],
    ['request_id', sql`request_id = 'forged'`],
    ['prev_hash', sql`prev_hash = md5('prev')`],
    ['hash', sql`hash = md5('hash')`],
    ['seq', sql`seq = seq + 1000`],
    ['merchant_id', sql`merchant_id = (SELECT id FROM merchants WHERE code = 'lotus')`],
  ])('a changed %s is found by verify', async (_column, change) => {
    const aurora = await merchantId(t.db, 'aurora');
    for (let index = 0; index < 3; index += 1) {
      await appendStaffAudit(t.db, {
        merchantId: aurora,
        staffId: 1,
        action: 'tamper',
        outcome: 'ok',
        errorCode: null,
        request: { index },
        before: { v: 1 },
        after: { v: 2 },
        ip: '127.0.0.1',
        requestId: `t${index}`,
        at: clock.now(),
      });
    }
    const target = (await chainOf(t.db, aurora)).length - 1;
    const broken = await t.db
      .transaction(async (tx) => {
        // The triggers are bypassed as only a database superuser could: the test plays the attacker.
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(
          sql`UPDATE staff_audit SET ${change} WHERE merchant_id = ${aurora} AND seq = ${target}`,
        );
        const found = await verifyStaffAudit(tx as unknown as Db);
        throw Object.assign(new Error('roll back'), { found });
      })
      .catch((error: { found?: unknown }) => error.found);
    expect(broken).toEqual(expect.arrayContaining([expect.objectContaining({ merchantId: aurora })]));
    expect(await verifyStaffAudit(t.db)).toEqual([]);
  });
});

describe('what a link keeps', () => {
  // [value, field as written]
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['he said "hi"', '"he said ""hi"""'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['line\nbreak', '"line\nbreak"'],
    [null, ''],
    [42, '42'],
  ])('CSV field %j is written %j', (input, written) => {
    expect(csvField(input)).toBe(written);
  });

  it('never digests a secret: two requests differing only in password or code digest the same', () => {
    expect(digestOf({ username: 'kim', password: 'one', code: '123456' })).toBe(
      digestOf({ username: 'kim', password: 'two', code: '654321' }),
    );
    expect(digestOf({ username: 'kim' })).not.toBe(digestOf({ username: 'sam' }));
    expect(digestOf({ b: 1, a: 2 })).toBe(digestOf({ a: 2, b: 1 }));
  });
});
