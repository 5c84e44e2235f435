import { endpoints } from '@wps/contract/endpoints';
import type {
  StaffDownlinePage,
  StaffMemberActionResult,
  StaffMemberNote,
  StaffMemberSearchPage,
  MemberDetailView,
} from '@wps/contract/memberAdmin';
import type { HistoryPage } from '@wps/contract/cashier';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { customers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { AURORA, LOTUS, failure, get, loginPayload, sealedPost, value } from '../../test/accounts.js';
import { newLotusMember, newMemberOn, signInAgain } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

type Member = Awaited<ReturnType<typeof newLotusMember>>;

/**
 * Issue 30 item 7: the back office's Members calls, as lotus's staff make them. Search by what staff
 * type (hostile text among it), phone and email only for roles with member:pii, a member of another
 * merchant never found, lock and session ends that hold at once, a second-factor reset with a reason.
 */
describe.each(backends)('back office Members (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const cookies: Record<string, string> = {};
  let alice: Member;
  let bob: Member;
  let auroraMember: Member;
  const tag = `Mx${process.pid % 1000}`;

  const call = (role: string, method: 'GET' | 'POST', path: string, body?: unknown, host = LOTUS) =>
    staffCall(t.app, method, path, cookies[role] ?? '', body, host);
  const search = async (role: string, query: string) =>
    value<StaffMemberSearchPage>(await call(role, 'GET', `members?${query}`));

  beforeAll(async () => {
    for (const username of [
      'lotus-owner',
      'lotus-agent',
      'lotus-marketing',
      'lotus-compliance',
      'lotus-cashier',
    ]) {
      cookies[username.slice('lotus-'.length)] = await signIn(t.app, username, LOTUS);
    }
    cookies.aurora = await signIn(t.app, 'aurora-owner', AURORA);
    alice = await newLotusMember(t.app, `${tag}Alice`);
    bob = await newLotusMember(t.app, `${tag}Bob`);
    auroraMember = await newMemberOn(t.app, LOTUS, `${tag}Aur`);
    // The "aurora" member: moved to aurora, so lotus staff must never find it.
    const [aurora] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM merchants WHERE code = 'aurora'`);
    await t.db
      .update(customers)
      .set({ merchantId: aurora?.id ?? 0 })
      .where(eq(customers.id, auroraMember.customerId));
    await t.db
      .update(customers)
      .set({
        email: `${tag.toLowerCase()}.alice@example.com`,
        countryDialingCode: '84',
        mobileNum: `9${String(process.pid).padStart(8, '0').slice(-8)}`,
        ownReferralCode: `R${tag.toUpperCase()}A`,
        customerType: 1,
      })
      .where(eq(customers.id, alice.customerId));
    await t.db
      .update(customers)
      .set({ parentAgentId: alice.customerId })
      .where(eq(customers.id, bob.customerId));
  });

  const ids = (page: StaffMemberSearchPage) => page.hits.map((hit) => hit.id);

  it('finds a member by id, a name’s start in any case, referral code, email and phone', async () => {
    const phone = `9${String(process.pid).padStart(8, '0').slice(-8)}`;
    const cases: [string, string, number[]][] = [
      ['id', String(alice.customerId), [alice.customerId]],
      ['name start, other case', `${tag.toLowerCase()}ali`, [alice.customerId]],
      ['name start of both', tag.toUpperCase(), [alice.customerId, bob.customerId]],
      ['referral code, lower case', `r${tag}a`, [alice.customerId]],
      ['email, other case', `${tag.toUpperCase()}.ALICE@example.com`, [alice.customerId]],
      ['national number', phone, [alice.customerId]],
      ['with dialing code', `+84 ${phone}`, [alice.customerId]],
    ];
    for (const [what, q, expected] of cases) {
      const page = await search('owner', `q=${encodeURIComponent(q)}`);
      expect(
        ids(page).filter((id) => id !== auroraMember.customerId),
        what,
      ).toEqual(expect.arrayContaining(expected));
      expect(
        page.hits.every((hit) => hit.id !== auroraMember.customerId),
        what,
      ).toBe(true);
    }
    const hit = (await search('owner', `q=${alice.customerId}`)).hits.find((h) => h.id === alice.customerId);
    expect(hit).toMatchObject({ kind: 'agent', email: `${tag.toLowerCase()}.alice@example.com` });
    expect(hit?.phone).toBe(`+84 ${phone}`);
  });

  it('treats hostile text as plain characters: no pattern, no SQL, nothing of another merchant', async () => {
    const hostile: [string, string][] = [
      ['percent', '%'],
      ['underscore', '_'],
      ['percent after a prefix', `${tag}%`],
      ['underscore inside', `${tag.slice(0, 2)}_`],
      ['quote and comment', `' OR 1=1 --`],
      ['union', `x' UNION SELECT id, username FROM staff_accounts --`],
      ['backslash', '\\'],
      ['the other merchant’s member id', String(auroraMember.customerId)],
      ['the other merchant’s member name', `${tag}Aur`],
    ];
    for (const [what, q] of hostile) {
      const page = await search('owner', `q=${encodeURIComponent(q)}`);
      expect(page.hits, what).toEqual([]);
    }
    expect(failure(await call('owner', 'GET', `members?q=${encodeURIComponent('a\u0000b')}`)).status).toBe(
      400,
    );
    expect(failure(await call('owner', 'GET', 'members?q=')).status).toBe(400);
  });

  it('leaves phone and email out for a role without member:pii, and does not search by them', async () => {
    const page = await search('marketing', `q=${alice.customerId}`);
    expect(page.piiHidden).toBe(true);
    expect(page.hits[0]).toMatchObject({ id: alice.customerId, phone: null, email: null });
    expect((await search('marketing', `q=${encodeURIComponent(`${tag}.alice@example.com`)}`)).hits).toEqual(
      [],
    );
    const detail = value<MemberDetailView>(await call('marketing', 'GET', `members/${alice.customerId}`));
    expect(detail).toMatchObject({ phone: null, email: null, piiHidden: true });
    expect(JSON.stringify(detail)).not.toContain('example.com');
    const full = value<MemberDetailView>(await call('owner', 'GET', `members/${alice.customerId}`));
    expect(full.email).toBe(`${tag.toLowerCase()}.alice@example.com`);
  });

  it('pages a long result 25 at a time, in name order, without repeats', async () => {
    for (let i = 0; i < 27; i += 1) await newLotusMember(t.app, `${tag}Page`);
    const first = await search('owner', `q=${tag}page`);
    expect(first.hits).toHaveLength(25);
    expect(first.next).not.toBeNull();
    const second = await search('owner', `q=${tag}page&after=${first.next}`);
    expect(second.hits).toHaveLength(2);
    expect(second.next).toBeNull();
    const all = [...first.hits, ...second.hits].map((hit) => hit.username.toLowerCase());
    expect(new Set(all).size).toBe(27);
    expect(all).toEqual([...all].sort());
  });

  it('shows the profile, sessions, sign-ins, limits, ledger, downline and agents', async () => {
    const detail = value<MemberDetailView>(await call('cashier', 'GET', `members/${alice.customerId}`));
    expect(detail).toMatchObject({ id: alice.customerId, kind: 'agent', lockedAt: null, downlineCount: 1 });
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect(detail.limits.limits.length).toBeGreaterThan(0);
    const bobView = value<MemberDetailView>(await call('cashier', 'GET', `members/${bob.customerId}`));
    expect(bobView.agent).toEqual({ id: alice.customerId, username: alice.username });
    const downline = value<StaffDownlinePage>(
      await call('cashier', 'GET', `members/${alice.customerId}/downline`),
    );
    expect(downline.members).toEqual([expect.objectContaining({ id: bob.customerId, via: 'agent' })]);
    const agents = await search('cashier', `kind=agent&q=${tag}`);
    expect(ids(agents)).toEqual([alice.customerId]);
    const history = value<HistoryPage>(await call('cashier', 'GET', `members/${alice.customerId}/history`));
    expect(history.entries).toEqual([]);
  });

  it('answers 404 for a member of another merchant on every member call, and changes nothing', async () => {
    const other = auroraMember.customerId;
    const tries: [string, 'GET' | 'POST', string, unknown][] = [
      ['detail', 'GET', `members/${other}`, undefined],
      ['history', 'GET', `members/${other}/history`, undefined],
      ['downline', 'GET', `members/${other}/downline`, undefined],
      ['notes', 'GET', `members/${other}/notes`, undefined],
      ['note', 'POST', `members/${other}/notes`, { body: 'not mine' }],
      ['end sessions', 'POST', `members/${other}/sessions/end`, {}],
      ['lock', 'POST', `members/${other}/lock`, { reason: 'not mine' }],
      ['unlock', 'POST', `members/${other}/unlock`, { reason: 'not mine' }],
      ['reset', 'POST', `members/${other}/reset-second-factor`, { reason: 'not mine' }],
    ];
    for (const [what, method, path, body] of tries) {
      const answer = failure(await call('owner', method, path, body));
      expect(answer, what).toEqual({ status: 404, code: 'not_found' });
    }
    const [row] = await t.db.select().from(customers).where(eq(customers.id, other));
    expect(row?.lockedAt).toBeNull();
    // And lotus's staff on aurora's host are not signed in there.
    expect((await call('owner', 'GET', `members/${other}`, undefined, AURORA)).statusCode).toBe(401);
  });

  it('locks a member: its sessions end at once, every sign-in is refused until unlocked', async () => {
    const carol = await newLotusMember(t.app, `${tag}Carol`);
    const second = await signInAgain(t.app, carol);
    const locked = value<StaffMemberActionResult>(
      await call('agent', 'POST', `members/${carol.customerId}/lock`, { reason: 'chargeback fraud' }),
    );
    expect(locked.endedSessions).toBe(2);
    for (const session of [carol, second]) {
      expect(failure(await get(t.app, endpoints.memberSessions.path, session)).status).toBe(401);
    }
    const login = () =>
      sealedPost(t.app, endpoints.login.path, loginPayload(carol.username, DEMO_PASSWORD), { host: LOTUS });
    expect(failure(await login())).toMatchObject({ status: 403, code: 'account_locked' });
    // A wrong password still answers as one: the lock tells nobody else.
    const wrong = await sealedPost(
      t.app,
      endpoints.login.path,
      loginPayload(carol.username, 'Wrong-pass-1'),
      {
        host: LOTUS,
      },
    );
    expect(failure(wrong).code).not.toBe('account_locked');
    value(await call('agent', 'POST', `members/${carol.customerId}/unlock`, { reason: 'cleared by bank' }));
    expect((await login()).statusCode).toBe(200);
    const notes = value<StaffMemberNote[]>(await call('agent', 'GET', `members/${carol.customerId}/notes`));
    expect(notes.map((note) => [note.kind, note.body])).toEqual([
      ['unlock', 'cleared by bank'],
      ['lock', 'chargeback fraud'],
    ]);
    expect(notes[0]?.staffName).toBeTruthy();
  });

  it('ends one session of a member: that token then answers 401, the other still works', async () => {
    const dave = await newLotusMember(t.app, `${tag}Dave`);
    const other = await signInAgain(t.app, dave);
    const detail = value<MemberDetailView>(await call('compliance', 'GET', `members/${dave.customerId}`));
    const oldest = detail.sessions.at(-1);
    const ended = value<StaffMemberActionResult>(
      await call('compliance', 'POST', `members/${dave.customerId}/sessions/end`, { sessionId: oldest?.id }),
    );
    expect(ended.endedSessions).toBe(1);
    expect(failure(await get(t.app, endpoints.memberSessions.path, dave)).status).toBe(401);
    expect((await get(t.app, endpoints.memberSessions.path, other)).statusCode).toBe(200);
    expect(
      failure(
        await call('compliance', 'POST', `members/${dave.customerId}/sessions/end`, {
          sessionId: oldest?.id,
        }),
      ),
    ).toEqual({ status: 404, code: 'not_found' });
  });

  it('resets a second factor only with a reason, and never answers a secret', async () => {
    await t.db
      .update(customers)
      .set({ totpSecretSealed: 'sealed-secret-value', emailTwoFactor: true })
      .where(eq(customers.id, alice.customerId));
    const refused: [string, unknown][] = [
      ['no reason', {}],
      ['empty reason', { reason: '' }],
      ['blank reason', { reason: '   ' }],
      ['too short', { reason: 'ok' }],
    ];
    for (const [what, body] of refused) {
      const answer = await call('owner', 'POST', `members/${alice.customerId}/reset-second-factor`, body);
      expect(answer.statusCode, what).toBe(400);
    }
    // A role without member:reset2fa (compliance) is refused before anything is read.
    const compliance = await call('compliance', 'POST', `members/${alice.customerId}/reset-second-factor`, {
      reason: 'lost phone',
    });
    expect(failure(compliance)).toEqual({ status: 403, code: 'staff_forbidden' });
    const answer = await call('agent', 'POST', `members/${alice.customerId}/reset-second-factor`, {
      reason: 'lost phone, identity checked',
    });
    expect(answer.body).not.toContain('sealed-secret-value');
    expect(value<StaffMemberActionResult>(answer).secondFactors).toEqual(['authenticator', 'email']);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, alice.customerId));
    expect(row).toMatchObject({ totpSecretSealed: null, emailTwoFactor: false, smsTwoFactor: false });
    const notes = value<StaffMemberNote[]>(await call('owner', 'GET', `members/${alice.customerId}/notes`));
    expect(notes[0]).toMatchObject({
      kind: 'reset_2fa',
      body: 'authenticator, email: lost phone, identity checked',
    });
  });

  it('keeps notes append-only, with their author and time', async () => {
    const note = value<StaffMemberNote>(
      await call('owner', 'POST', `members/${bob.customerId}/notes`, { body: 'Called about a bonus.' }),
    );
    expect(note).toMatchObject({ kind: 'note', body: 'Called about a bonus.' });
    expect(note.staffId).not.toBeNull();
    expect(
      failure(await call('marketing', 'POST', `members/${bob.customerId}/notes`, { body: 'x' })),
    ).toEqual({
      status: 403,
      code: 'staff_forbidden',
    });
    await expect(
      t.db.execute(sql`UPDATE member_notes SET body = 'rewritten' WHERE id = ${note.id}`),
    ).rejects.toThrow();
    const notes = value<StaffMemberNote[]>(await call('marketing', 'GET', `members/${bob.customerId}/notes`));
    expect(notes.map((row) => row.body)).toContain('Called about a bonus.');
  });
});
