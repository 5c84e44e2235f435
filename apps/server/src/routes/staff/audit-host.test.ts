import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { rowsOf } from '../../db/raw.js';
import { AURORA } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

/** pino's level number for `error`. */
const ERROR_LEVEL = 50;

const pathOf = (name: EndpointName) =>
  endpoints[name].path.replace('/wps/staff/', '').replaceAll(/:\w+/g, '999999');

// A staff write to a host no merchant serves is refused 404, and there is no chain to record it in:
// the recorder skips it quietly rather than logging a failed audit at error level.
describe.each(backends)('a staff write to a host that names no merchant (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const logLines: string[] = [];
  const t = useTestApp(backend, {
    now: clock.now,
    config: { logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  const signIn = staffSignerOn(clock);

  const errorLines = () =>
    logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= ERROR_LEVEL);
  const chainLength = async () =>
    Number(
      (await rowsOf<{ n: string | number }>(t.db, sql`SELECT count(*) AS n FROM staff_audit`))[0]?.n ?? 0,
    );

  const login = { username: 'aurora-lead', password: 'Demo1234', code: '000000' };
  // [the host, the write, what is sent, signed in with another merchant's cookie, the status]
  it.each<[string, EndpointName, unknown, boolean, number]>([
    ['nowhere.localhost', 'staffLogin', login, false, 404],
    ['nowhere.localhost:8080', 'staffPushSend', {}, false, 404],
    ['nowhere.localhost', 'staffPushSend', {}, true, 404],
    ['aurora.localhost.evil.example', 'staffLogin', login, false, 404],
    ['orbit.example', 'staffLogin', login, true, 404],
    ['xn--nwhere-lua.localhost', 'staffPushSend', { unexpected: '<script>' }, false, 404],
    // Refused before the host is looked at (bad input), or done without a merchant (sign-out).
    ['nowhere.localhost', 'staffLogin', {}, false, 400],
    ['nowhere.localhost', 'staffLogout', {}, true, 200],
  ])(
    '%s, %s %j (signed in elsewhere: %s): %i, no error logged, no link',
    async (host, name, body, signedIn, status) => {
      const cookie = signedIn ? await signIn(t.app, 'aurora-lead', AURORA) : '';
      const links = await chainLength();
      logLines.length = 0;
      const answer = await staffCall(t.app, 'POST', pathOf(name), cookie, body, host);
      expect(answer.statusCode).toBe(status);
      if (status === 404)
        expect((answer.json() as { errorCode: string }).errorCode).toBe(ErrorCode.DOMAIN_NOT_AVAILABLE);
      expect(errorLines()).toEqual([]);
      expect(await chainLength()).toBe(links);
    },
  );

  it('a staff write to a merchant’s host is still recorded (the skip is for unknown hosts only)', async () => {
    const links = await chainLength();
    logLines.length = 0;
    const answer = await staffCall(t.app, 'POST', pathOf('staffPushSend'), '', {}, AURORA);
    expect(answer.statusCode).toBe(401);
    expect(errorLines()).toEqual([]);
    expect(await chainLength()).toBe(links + 1);
  });
});
