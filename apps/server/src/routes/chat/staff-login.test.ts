import { STAFF_SOCKET_PATH } from '@wps/contract/chat';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts } from '../../db/schema/index.js';
import { DEMO_STAFF_PASSWORD } from '../../seed/staff.js';
import { AURORA, failure } from '../../test/accounts.js';
import { SEEDED_GRANTS } from '../../test/staff-roles.js';
import { staffCall, staffCode, staffSignIn, TestSocket } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();

describe.each(backends)('staff sign-in and the console page (%s)', (backend) => {
  const t = useTestApp(backend, { now: clock.now });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    ['a wrong password', { password: 'nope' }, 401, 'staff_login_failed'],
    ['a wrong code', { code: '000000' }, 401, 'staff_login_failed'],
    ['an unknown user', { username: 'ghost' }, 401, 'staff_login_failed'],
    ['another merchant’s agent', { username: 'lotus-agent' }, 401, 'staff_login_failed'],
    ['no code', { code: '' }, 401, 'staff_login_failed'],
    ['a malformed body', { password: 5 }, 400, 'invalid_request'],
  ])('staff sign-in refuses %s', async (_name, change, status, code) => {
    clock.advance(30_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/wps/staff/login',
      headers: { host: AURORA, 'content-type': 'application/json', origin: `http://${AURORA}` },
      payload: {
        username: 'aurora-agent',
        password: DEMO_STAFF_PASSWORD,
        code: staffCode(clock.now()),
        ...change,
      },
    });
    expect(failure(response)).toMatchObject({ status, code });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('staff sign-in: a code is used once, the cookie is HttpOnly and SameSite=Strict, 2FA is required', async () => {
    clock.advance(30_000);
    const login = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/staff/login',
        headers: { host: AURORA, 'content-type': 'application/json', origin: `http://${AURORA}` },
        payload: { username, password: DEMO_STAFF_PASSWORD, code: staffCode(clock.now()) },
      });
    const first = await login('aurora-agent');
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^wps_staff=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    expect(failure(await login('aurora-agent'))).toMatchObject({ code: 'staff_login_failed' });

    // No enabled account without a second factor: the database refuses one; disabled, it cannot sign in.
    await expect(
      t.db
        .update(staffAccounts)
        .set({ totpSecretSealed: null })
        .where(eq(staffAccounts.username, 'aurora-lead')),
    ).rejects.toThrow();
    await t.db
      .update(staffAccounts)
      .set({ totpSecretSealed: null, disabled: true })
      .where(eq(staffAccounts.username, 'aurora-lead'));
    expect(failure(await login('aurora-lead'))).toMatchObject({ status: 401, code: 'staff_login_failed' });
    await expect(
      t.db.update(staffAccounts).set({ disabled: false }).where(eq(staffAccounts.username, 'aurora-lead')),
    ).rejects.toThrow();
    // A cross-site POST is refused before anything else.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/wps/staff/login',
      headers: { host: AURORA, 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: { username: 'aurora-agent', password: DEMO_STAFF_PASSWORD, code: '123456' },
    });
    expect(crossSite.statusCode).toBe(403);
    // No cookie: no console data, and the staff socket closes.
    expect(failure(await staffCall(t.app, 'GET', 'conversations', ''))).toMatchObject({ status: 401 });
    const socket = await TestSocket.open(t.app, STAFF_SOCKET_PATH);
    expect(await socket.whenClosed()).toBe(4401);
  });

  it.each([
    ['support', 'aurora-agent', 'support'],
    ['a cashier', 'aurora-cashier', 'cashier'],
    // Not aurora-lead: a test above takes its authenticator away.
    ['an owner', 'aurora-owner', 'owner'],
    ['the platform operator', 'platform-ops', 'platform'],
  ] as const)(
    'sign-in and me tell %s what the role allows (the staff app’s navigation)',
    async (_case, username, role) => {
      clock.advance(30_000);
      const cookie = await staffSignIn(t.app, username, clock.now());
      const me = await staffCall(t.app, 'GET', 'me', cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        value: { role, platform: role === 'platform', permissions: [...SEEDED_GRANTS[role]] },
      });
    },
  );

  it('the support desk is its own small page at /staff/chat with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/staff/chat', headers: { host: AURORA } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/staff/console.js" defer></script>');
    expect(page.body).not.toMatch(/<script>/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: '/staff/console.js', headers: { host: AURORA } });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).not.toContain('innerHTML');
  });
});
