import { STAFF_SOCKET_PATH } from '@wps/contract/chat';
import type { StaffServerFrame } from '@wps/contract/schemas/staff';
import type { StaffMemberView, StaffRoleView, StaffSessionView, StaffSignedIn } from '@wps/contract/staff';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { AURORA, failure, LOTUS, value } from '../../test/accounts.js';
import { staffCall, staffSignerOn, TestSocket } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { SEEDED_GRANTS } from '../../test/staff-roles.js';
import { backends, useTestApp } from '../../test/test-app.js';

// Issue 30 item 2: staff sessions listed and revocable; the merchant's staff; scope and the platform operator.
describe.each(backends)('staff sessions and the merchant’s staff (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const get = <T>(path: string, cookie: string, host = AURORA) =>
    staffCall(t.app, 'GET', path, cookie, undefined, host).then((answer) => value<T>(answer));
  const post = (path: string, cookie: string, body: unknown, host = AURORA) =>
    staffCall(t.app, 'POST', path, cookie, body, host);
  const status = async (path: string, cookie: string, host = AURORA) =>
    (await staffCall(t.app, 'GET', path, cookie, undefined, host)).statusCode;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function merchantIdOf(code: string): Promise<number> {
    const [row] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM merchants WHERE code = ${code}`);
    return row?.id ?? 0;
  }

  it('lists a staff member’s own sessions, newest first, the current one marked, with where they signed in', async () => {
    const first = await signIn(t.app, 'aurora-marketing');
    const second = await signIn(t.app, 'aurora-marketing');
    const sessions = await get<StaffSessionView[]>('sessions', second);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.current)).toEqual([true, false]);
    expect(sessions[0]).toMatchObject({ ip: expect.any(String) as string });
    expect(Date.parse(sessions[0]?.expiresAt ?? '')).toBeGreaterThan(clock.now());
    expect((await get<StaffSessionView[]>('sessions', first)).map((session) => session.current)).toEqual([
      false,
      true,
    ]);
  });

  it('ends one of its own sessions: that session’s next call is 401, the other goes on', async () => {
    const old = await signIn(t.app, 'aurora-compliance');
    const current = await signIn(t.app, 'aurora-compliance');
    const [, oldSession] = await get<StaffSessionView[]>('sessions', current);
    expect(value(await post('sessions/revoke', current, { sessionId: oldSession?.id }))).toEqual({
      revoked: true,
    });
    expect(failure(await staffCall(t.app, 'GET', 'me', old))).toMatchObject({
      status: 401,
      code: 'staff_not_signed_in',
    });
    expect(await status('me', current)).toBe(200);
    // Again, or someone else's: nothing ended.
    expect(value(await post('sessions/revoke', current, { sessionId: oldSession?.id }))).toEqual({
      revoked: false,
    });
    const other = await signIn(t.app, 'aurora-readonly');
    const [otherSession] = await get<StaffSessionView[]>('sessions', other);
    expect(value(await post('sessions/revoke', current, { sessionId: otherSession?.id }))).toEqual({
      revoked: false,
    });
    expect(await status('me', other)).toBe(200);
  });

  it('ending the current session signs it out', async () => {
    const cookie = await signIn(t.app, 'aurora-readonly');
    const [own] = await get<StaffSessionView[]>('sessions', cookie);
    expect(value(await post('sessions/revoke', cookie, { sessionId: own?.id }))).toEqual({ revoked: true });
    expect(await status('sessions', cookie)).toBe(401);
  });

  it('an owner lists the merchant’s staff with roles and sessions and ends one; the platform operator is not listed', async () => {
    const owner = await signIn(t.app, 'lotus-owner', LOTUS);
    const cashier = await signIn(t.app, 'lotus-cashier', LOTUS);
    await signIn(t.app, 'platform-ops', LOTUS);
    const team = await get<StaffMemberView[]>('team', owner, LOTUS);
    expect(team.map((member) => member.username)).toEqual([
      'lotus-admin',
      'lotus-agent',
      'lotus-cashier',
      'lotus-compliance',
      'lotus-marketing',
      'lotus-owner',
      'lotus-readonly',
    ]);
    const kim = team.find((member) => member.username === 'lotus-cashier');
    expect(kim).toMatchObject({ role: 'cashier', roleName: 'Cashier', disabled: false });
    expect(kim?.sessions).toHaveLength(1);
    expect(
      value(await post('team/sessions/revoke', owner, { sessionId: kim?.sessions[0]?.id }, LOTUS)),
    ).toEqual({
      revoked: true,
    });
    expect(await status('me', cashier, LOTUS)).toBe(401);
  });

  it('an owner never ends another merchant’s session, nor a platform operator’s', async () => {
    const owner = await signIn(t.app, 'lotus-owner', LOTUS);
    const auroraAdmin = await signIn(t.app, 'aurora-admin');
    const platform = await signIn(t.app, 'platform-ops', LOTUS);
    const [auroraSession] = await get<StaffSessionView[]>('sessions', auroraAdmin);
    const [platformSession] = await get<StaffSessionView[]>('sessions', platform, LOTUS);
    for (const session of [auroraSession, platformSession]) {
      expect(value(await post('team/sessions/revoke', owner, { sessionId: session?.id }, LOTUS))).toEqual({
        revoked: false,
      });
    }
    expect(await status('me', auroraAdmin)).toBe(200);
    expect(await status('me', platform, LOTUS)).toBe(200);
  });

  it('lists the roles a merchant’s staff may hold with their grants (the platform role to the platform operator only)', async () => {
    const owner = await signIn(t.app, 'aurora-owner');
    const roles = await get<StaffRoleView[]>('roles', owner);
    expect(roles.map((role) => role.code)).toEqual([
      'owner',
      'admin',
      'cashier',
      'support',
      'marketing',
      'compliance',
      'readonly',
    ]);
    for (const role of roles)
      expect(role.permissions).toEqual(SEEDED_GRANTS[role.code as keyof typeof SEEDED_GRANTS]);
    const platform = await signIn(t.app, 'platform-ops');
    expect((await get<StaffRoleView[]>('roles', platform)).map((role) => role.code)).toContain('platform');
  });

  it('the platform operator signs in on every merchant and acts on the merchant of the host', async () => {
    for (const [host, code] of [
      [AURORA, 'aurora'],
      [LOTUS, 'lotus'],
    ] as const) {
      const cookie = await signIn(t.app, 'platform-ops', host);
      const me = await get<StaffSignedIn>('me', cookie, host);
      expect(me).toMatchObject({ role: 'platform', platform: true, merchantId: await merchantIdOf(code) });
    }
  });

  it('a scope of more merchants: signs in on each; taken away, the session’s next call is 401', async () => {
    const lotus = await merchantIdOf('lotus');
    const [agent] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM staff_accounts WHERE username = 'aurora-agent'`,
    );
    await t.db.execute(
      sql`INSERT INTO staff_account_merchants (staff_id, merchant_id) VALUES (${agent?.id}, ${lotus})`,
    );
    const onLotus = await signIn(t.app, 'aurora-agent', LOTUS);
    expect(await get<StaffSignedIn>('me', onLotus, LOTUS)).toMatchObject({
      merchantId: lotus,
      role: 'support',
    });
    const owner = await signIn(t.app, 'lotus-owner', LOTUS);
    expect((await get<StaffMemberView[]>('team', owner, LOTUS)).map((member) => member.username)).toContain(
      'aurora-agent',
    );
    await t.db.execute(
      sql`DELETE FROM staff_account_merchants WHERE staff_id = ${agent?.id} AND merchant_id = ${lotus}`,
    );
    expect(await status('me', onLotus, LOTUS)).toBe(401);
    expect(failure(await staffCall(t.app, 'POST', 'login', '', {}, LOTUS))).toMatchObject({ status: 400 });
  });

  it('a merchant’s staff cannot sign in on another merchant’s host', async () => {
    await expect(signIn(t.app, 'aurora-owner', LOTUS)).rejects.toThrow(/staff_login_failed/);
  });

  it('an ended session’s staff socket is closed (4401) at its next frame; a live one answers', async () => {
    const ended = await signIn(t.app, 'aurora-agent');
    const live = await signIn(t.app, 'aurora-agent');
    const sockets = await Promise.all(
      [ended, live].map(async (cookie) => {
        const socket = await TestSocket.open<StaffServerFrame>(t.app, STAFF_SOCKET_PATH, { cookie });
        await socket.next((frame) => frame.type === 'ready');
        return socket;
      }),
    );
    const [, endedSession] = await get<StaffSessionView[]>('sessions', live);
    expect(value(await post('sessions/revoke', live, { sessionId: endedSession?.id }))).toEqual({
      revoked: true,
    });
    const [endedSocket, liveSocket] = sockets;
    endedSocket?.send({ type: 'ping' });
    expect(await endedSocket?.whenClosed()).toBe(4401);
    liveSocket?.send({ type: 'ping' });
    await liveSocket?.next((frame) => frame.type === 'pong');
    liveSocket?.socket.close();
  });
});
