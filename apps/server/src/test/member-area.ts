import { ErrorCode } from '@wps/contract/errorCodes';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import type {
  RegistrationResult,
  LoginResult,
  LoginVerifyRequired,
  UnreadCount,
} from '@wps/contract/accounts';
import type { MemberMessage, SecurityStatus, TotpConfirmed, TotpSetup } from '@wps/contract/memberArea';
import type { Paged } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../seed/members.js';
import { base32Decode, totp } from '../services/identity/index.js';
import {
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
  type CallOptions,
} from './accounts.js';
import { TestClock } from './clock.js';
import { useTestApp } from './test-app.js';
import type { Backend } from '../db/client.js';

export const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
export const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/**
 * The member area tests' app (routes/accounts: memberArea.test.ts, second-factor.test.ts), its clock,
 * and the calls they make: logins, fresh members of their own, the inbox, the security status, an
 * authenticator turned on, a login stopped at its second step.
 */
export function useMemberArea(backend: Backend) {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const login = async (username: string, userAgent = PHONE): Promise<string> =>
    value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), {
        host: LOTUS,
        headers: { 'user-agent': userAgent },
      }),
    ).token;
  let serial = 0;
  /**
   * A new member of its own (registered, then given an email address and a mobile number), so a test
   * that turns a second factor on leaves the others alone.
   */
  const fresh = async (userAgent = PHONE): Promise<{ token: string; username: string; email: string }> => {
    serial += 1;
    const username = `Member${serial}${backend.slice(0, 2)}`;
    const registered = value<RegistrationResult>(
      await sealedPost(
        t.app,
        endpoints.register.path,
        registration({ username, password: DEMO_PASSWORD, domain: LOTUS }),
        {
          host: LOTUS,
          headers: { [TransportHeader.moduleId]: ModuleId.REGISTER, 'user-agent': userAgent },
        },
      ),
    );
    const email = `${username.toLowerCase()}@lotus.example`;
    await t.db
      .update(customers)
      .set({ email, countryDialingCode: '84', mobileNum: `9${String(serial).padStart(8, '0')}` })
      .where(eq(customers.id, Number(registered.customerId)));
    return { token: registered.token ?? '', username, email };
  };
  const as = (token: string, host = LOTUS): CallOptions => ({ host, token });
  const messages = async (token: string, query = '') =>
    value<Paged<MemberMessage>>(await get(t.app, `${endpoints.memberMessages.path}${query}`, as(token)));
  const unread = async (token: string) =>
    value<UnreadCount>(await get(t.app, endpoints.unreadCount.path, as(token))).count;
  const status = async (token: string) =>
    value<SecurityStatus>(await get(t.app, endpoints.securityStatus.path, as(token)));
  const secretKey = (setup: TotpSetup) => base32Decode(setup.secret) ?? Buffer.alloc(0);
  const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');

  /** Sets up and confirms an authenticator for the member of `token`: the secret and the recovery codes. */
  async function enableTotp(token: string): Promise<{ key: Buffer; codes: string[] }> {
    const setup = value<TotpSetup>(await plainPost(t.app, endpoints.totpSetup.path, {}, as(token)));
    const key = secretKey(setup);
    const confirmed = value<TotpConfirmed>(
      await sealedPost(t.app, endpoints.totpConfirm.path, { code: totp(key, clock.now()) }, as(token)),
    );
    return { key, codes: confirmed.recoveryCodes };
  }

  /** A login of `username` that stops at its second step. */
  async function pendingLogin(username: string): Promise<LoginVerifyRequired> {
    const answer = failure(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host: LOTUS }),
    );
    expect(answer.code).toBe(ErrorCode.LOGIN_VERIFY_REQUIRED);
    return answer.data as LoginVerifyRequired;
  }
  const verify = (body: unknown) =>
    sealedPost(t.app, endpoints.loginVerification.path, body, { host: LOTUS });

  return {
    t,
    clock,
    login,
    fresh,
    as,
    messages,
    unread,
    status,
    secretKey,
    otherThan,
    enableTotp,
    pendingLogin,
    verify,
  };
}
