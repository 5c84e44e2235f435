import { describe, expect, it } from 'vitest';
import { endpoints } from '@wps/contract/endpoints';
import type { ActiveBreak, TrustAuditEntry } from '@wps/contract/trust';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { AURORA, failure, get, loginPayload, LOTUS, sealedPost, value } from '../../test/accounts.js';
import { newLotusMember } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import {
  auditRowsOf,
  limitOf,
  REGISTERED_AUDIT,
  memberSetsLimit,
  rgStatus,
  secondSession,
  staffIdOf,
  usernameOf,
} from '../../test/trust.js';

const REASON = 'Affordability review';

// The compliance side of issue 29 item 7: staff set or lower a member's limit and put a member on a
// break, for their own merchant's members only, and every request (even a refused one) is audited.
describe.each(backends)('staff responsible-gaming calls (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const admin = () => signIn(t.app, 'lotus-compliance', LOTUS);
  const setLimit = (cookie: string, body: Record<string, unknown>, host = LOTUS) =>
    staffCall(t.app, 'POST', 'rg/limits', cookie, { reason: REASON, ...body }, host);
  const takeBreak = (cookie: string, body: Record<string, unknown>, host = LOTUS) =>
    staffCall(t.app, 'POST', 'rg/break', cookie, { reason: REASON, ...body }, host);

  // [case, who signs in (null: nobody), the call, status, code]
  it.each<[string, string | null, 'audit' | 'limit' | 'break', number, string | null]>([
    ['an agent reads the audit', 'lotus-agent', 'audit', 403, 'staff_forbidden'],
    ['an agent sets a limit', 'lotus-agent', 'limit', 403, 'staff_forbidden'],
    ['an agent puts a member on a break', 'lotus-agent', 'break', 403, 'staff_forbidden'],
    ['nobody signed in reads the audit', null, 'audit', 401, 'staff_not_signed_in'],
    ['nobody signed in sets a limit', null, 'limit', 401, 'staff_not_signed_in'],
    ['a cashier reads the audit', 'lotus-cashier', 'audit', 403, 'staff_forbidden'],
    ['a cashier puts a member on a break', 'lotus-cashier', 'break', 403, 'staff_forbidden'],
    ['read-only staff set a limit', 'lotus-readonly', 'limit', 403, 'staff_forbidden'],
    ['read-only staff read the audit', 'lotus-readonly', 'audit', 200, null],
    ['compliance reads the audit', 'lotus-compliance', 'audit', 200, null],
    ['compliance sets a limit', 'lotus-compliance', 'limit', 200, null],
    ['compliance puts a member on a break', 'lotus-compliance', 'break', 200, null],
  ])('permissions: %s', async (_case, username, call, status, code) => {
    const member = await newLotusMember(t.app, 'Perm');
    const cookie = username === null ? '' : await signIn(t.app, username, LOTUS);
    const answer =
      call === 'audit'
        ? await staffCall(t.app, 'GET', 'rg/audit', cookie, undefined, LOTUS)
        : call === 'limit'
          ? await setLimit(cookie, { customerId: member.customerId, type: 'deposit_day', amount: '500000' })
          : await takeBreak(cookie, { customerId: member.customerId, kind: 'time_out', duration: '24h' });
    expect(answer.statusCode).toBe(status);
    if (code !== null) expect(failure(answer).code).toBe(code);
    // A refused call changed nothing and recorded nothing (the registration's row is all there is).
    if (status !== 200) {
      expect(await auditRowsOf(t.db, member.customerId)).toEqual([REGISTERED_AUDIT]);
      expect((await rgStatus(t.app, member)).activeBreak).toBeNull();
    }
  });

  // [case, the staff member's merchant (host), the customer id]
  it.each<[string, string, 'lotus member' | 'unknown' | 'largest']>([
    ['another merchant’s member', AURORA, 'lotus member'],
    ['an id no member has', LOTUS, 'unknown'],
    ['the largest id', LOTUS, 'largest'],
  ])('refuses %s as not found, changing nothing', async (_case, host, who) => {
    const member = await newLotusMember(t.app, 'Iso');
    const cookie = await signIn(t.app, host === AURORA ? 'aurora-lead' : 'lotus-compliance', host);
    const customerId =
      who === 'lotus member'
        ? member.customerId
        : who === 'unknown'
          ? member.customerId + 100_000
          : 2_147_483_647;
    for (const answer of [
      await setLimit(cookie, { customerId, type: 'deposit_day', amount: '1' }, host),
      await takeBreak(cookie, { customerId, kind: 'self_exclusion', duration: 'permanent' }, host),
    ]) {
      expect(failure(answer)).toMatchObject({ status: 404, code: 'not_found' });
    }
    // Nor does the other merchant's audit show the member's rows.
    const audit = value<TrustAuditEntry[]>(
      await staffCall(t.app, 'GET', `rg/audit?customerId=${customerId}`, cookie, undefined, host),
    );
    expect(audit).toEqual([]);
    expect(await limitOf(t.app, member, 'deposit_day')).toBeNull();
    expect((await rgStatus(t.app, member)).activeBreak).toBeNull();
    expect(await auditRowsOf(t.db, member.customerId)).toEqual([REGISTERED_AUDIT]);
  });

  // [case, the member's own limit first (null: none), what staff send, status, code, the limit after,
  //  the audited outcome (null: nothing audited)]
  it.each<
    [string, string | null, Record<string, unknown>, number, string | null, string | null, string | null]
  >([
    ['a limit where there was none', null, { amount: '500000' }, 200, null, '500000', 'applied'],
    ['a lower limit', '800000', { amount: '300000' }, 200, null, '300000', 'applied'],
    ['the same limit', '800000', { amount: '800000' }, 200, null, '800000', 'unchanged'],
    ['a raise', '800000', { amount: '800001' }, 400, 'invalid_request', '800000', 'refused'],
    ['a much higher limit', '100', { amount: '999999999' }, 400, 'invalid_request', '100', 'refused'],
    ['a removal (no amount)', '800000', { amount: null }, 400, 'invalid_request', '800000', 'refused'],
    ['a removal where there is no limit', null, { amount: null }, 200, null, null, 'unchanged'],
    ['zero', '800000', { amount: '0' }, 400, 'invalid_request', '800000', null],
    ['a negative amount', '800000', { amount: '-5' }, 400, 'invalid_request', '800000', null],
    ['a fraction of a dong', '800000', { amount: '1.5' }, 400, 'invalid_request', '800000', null],
    ['a reason too short', '800000', { amount: '1', reason: ' x ' }, 400, 'invalid_request', '800000', null],
    ['no reason', '800000', { amount: '1', reason: undefined }, 400, 'invalid_request', '800000', null],
  ])('staff set %s', async (_case, before, body, status, code, after, audited) => {
    const member = await newLotusMember(t.app, 'Lim');
    if (before !== null) value(await memberSetsLimit(t.app, member, 'deposit_day', before));
    const rowsBefore = (await auditRowsOf(t.db, member.customerId)).length;
    const answer = await setLimit(await admin(), {
      customerId: member.customerId,
      type: 'deposit_day',
      ...body,
    });
    expect(answer.statusCode).toBe(status);
    if (code !== null) expect(failure(answer).code).toBe(code);
    if (audited === 'refused') expect(failure(answer).data).toEqual({ reason: 'raise_by_staff' });
    expect(await limitOf(t.app, member, 'deposit_day')).toBe(after);
    const rows = (await auditRowsOf(t.db, member.customerId)).slice(rowsBefore);
    if (audited === null) {
      expect(rows).toEqual([]);
    } else {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor: 'staff',
        action: 'limit.set',
        requested: { type: 'deposit_day', amount: body['amount'], reason: REASON },
        effect: { outcome: audited },
      });
    }
  });

  it('lowering drops a raise the member had parked, and the member sees the new limit at once', async () => {
    const member = await newLotusMember(t.app, 'Park');
    value(await memberSetsLimit(t.app, member, 'loss_week', '1000000'));
    value(await memberSetsLimit(t.app, member, 'loss_week', '5000000'));
    expect((await rgStatus(t.app, member)).limits.find((l) => l.type === 'loss_week')?.parked).not.toBeNull();
    value(
      await setLimit(await admin(), { customerId: member.customerId, type: 'loss_week', amount: '200000' }),
    );
    const limit = (await rgStatus(t.app, member)).limits.find((l) => l.type === 'loss_week');
    expect(limit).toMatchObject({ amount: '200000', parked: null });
  });

  it('sets a session-time limit in whole minutes', async () => {
    const member = await newLotusMember(t.app, 'Mins');
    const cookie = await admin();
    value(await setLimit(cookie, { customerId: member.customerId, type: 'session_time', amount: '60' }));
    expect(await limitOf(t.app, member, 'session_time')).toBe('60');
    expect(
      failure(
        await setLimit(cookie, { customerId: member.customerId, type: 'session_time', amount: '30.5' }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(await limitOf(t.app, member, 'session_time')).toBe('60');
  });

  it('a break ends every session of the member, and signing in again is refused while it runs', async () => {
    const member = await newLotusMember(t.app, 'Brk');
    const phone = await secondSession(t.app, t.db, member.customerId);
    const cookie = await admin();
    const taken = value<ActiveBreak>(
      await takeBreak(cookie, { customerId: member.customerId, kind: 'time_out', duration: '7d' }),
    );
    expect(taken).toMatchObject({ kind: 'time_out' });
    expect(new Date(taken.until ?? 0).getTime() - new Date(taken.since).getTime()).toBe(7 * 24 * 3_600_000);
    for (const session of [member, phone]) {
      const answer = failure(await get(t.app, '/wps/rg', session));
      expect(answer).toMatchObject({ status: 403, code: 'rg_break_active', data: { kind: 'time_out' } });
    }
    const [registered, row] = await auditRowsOf(t.db, member.customerId);
    expect(registered).toEqual(REGISTERED_AUDIT);
    const username = await usernameOf(t.db, member.customerId);
    const login = await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), {
      host: LOTUS,
    });
    expect(failure(login)).toMatchObject({ status: 403, code: 'rg_break_active' });
    expect(row).toMatchObject({
      actor: 'staff',
      actor_id: await staffIdOf(t.app, cookie),
      action: 'break.time_out',
      effect: { kind: 'time_out', until: taken.until },
    });
  });

  // [case, the first break, the second, the break after the second]
  it.each<[string, [string, string], [string, string], { kind: string; permanent: boolean }]>([
    [
      'a permanent self-exclusion',
      ['self_exclusion', 'permanent'],
      ['time_out', '24h'],
      { kind: 'self_exclusion', permanent: true },
    ],
    [
      'a time-out lengthened',
      ['time_out', '24h'],
      ['time_out', '6w'],
      { kind: 'time_out', permanent: false },
    ],
    [
      'a time-out turned into a self-exclusion',
      ['time_out', '6w'],
      ['self_exclusion', '1y'],
      { kind: 'self_exclusion', permanent: false },
    ],
  ])('never shortens or softens a break: %s', async (_case, first, second, expected) => {
    const member = await newLotusMember(t.app, 'Len');
    const cookie = await admin();
    const one = value<ActiveBreak>(
      await takeBreak(cookie, { customerId: member.customerId, kind: first[0], duration: first[1] }),
    );
    const two = value<ActiveBreak>(
      await takeBreak(cookie, { customerId: member.customerId, kind: second[0], duration: second[1] }),
    );
    expect(two.kind).toBe(expected.kind);
    expect(two.until === null).toBe(expected.permanent);
    expect(new Date(two.until ?? '9999-12-31').getTime()).toBeGreaterThanOrEqual(
      new Date(one.until ?? '9999-12-31').getTime(),
    );
  });

  // [case, the body, code]
  it.each<[string, Record<string, unknown>, string]>([
    ['a time-out of a self-exclusion’s length', { kind: 'time_out', duration: '1y' }, 'invalid_request'],
    [
      'a self-exclusion of a time-out’s length',
      { kind: 'self_exclusion', duration: '24h' },
      'invalid_request',
    ],
    ['an unknown kind', { kind: 'cool_down', duration: '24h' }, 'invalid_request'],
    ['no reason', { kind: 'time_out', duration: '24h', reason: '' }, 'invalid_request'],
    [
      'a customer id that is not a number',
      { kind: 'time_out', duration: '24h', customerId: '1 OR 1=1' },
      'invalid_request',
    ],
  ])('refuses a break with %s, ending no session', async (_case, body, code) => {
    const member = await newLotusMember(t.app, 'Bad');
    const answer = await takeBreak(await admin(), { customerId: member.customerId, ...body });
    expect(failure(answer)).toMatchObject({ status: 400, code });
    expect((await rgStatus(t.app, member)).activeBreak).toBeNull();
  });
});
