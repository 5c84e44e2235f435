import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import type { PasskeyCreationOptions, PasskeyInfo, PasskeyRequestOptions } from '@wps/contract/passkeys';
import type { FastifyInstance } from 'fastify';
import { beforeEach } from 'vitest';
import { passkeyCredentials } from '../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed/members.js';
import { base32Decode, totp } from '../services/identity/index.js';
import { AURORA, captchaPass, get, loginPayload, LOTUS, plainPost, sealedPost, value } from './accounts.js';
import { TestClock } from './clock.js';
import { useTestApp } from './test-app.js';
import { SoftAuthenticator, type CeremonyOptions } from './webauthn.js';
import type { Backend } from '../db/client.js';

export const LOTUS_ORIGIN = `https://${LOTUS}`;
export const device = { loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };

/**
 * The passkey tests' app (routes/accounts: passkeys.test.ts, passkey-refusals.test.ts), its clock,
 * and the ceremonies they go through; each test starts with no passkeys.
 */
export function usePasskeyApp(backend: Backend) {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  // Each test starts with no passkeys (a member may keep PASSKEY_MAX_PER_MEMBER).
  beforeEach(async () => {
    await t.db.delete(passkeyCredentials);
  });

  async function logIn(username: string, host = LOTUS): Promise<string> {
    const extra = host === AURORA ? await captchaPass(t.app, t.db) : {};
    const result = value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD, extra), { host }),
    );
    return result.token;
  }

  /** The second step with the demo authenticator code (members with a TOTP second factor). */
  async function completeWithTotp(verifyToken: string): Promise<LoginResult> {
    const key = base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0);
    return value<LoginResult>(
      await sealedPost(
        t.app,
        endpoints.loginVerification.path,
        { verifyToken, method: 'ga', code: totp(key, clock.now()) },
        { host: LOTUS },
      ),
    );
  }

  const registrationOptions = async (token: string, host = LOTUS) =>
    value<PasskeyCreationOptions>(
      await plainPost(t.app, endpoints.passkeyRegistrationOptions.path, {}, { host, token }),
    );

  const registerRaw = (
    app: FastifyInstance,
    token: string,
    credential: unknown,
    host = LOTUS,
    name?: string,
  ) =>
    plainPost(
      app,
      endpoints.passkeyRegistration.path,
      { credential, ...(name === undefined ? {} : { name }) },
      { host, token },
    );

  /** Adds a passkey for the member of `token`: the authenticator that holds it. */
  async function addPasskey(token: string, host = LOTUS, ceremony: CeremonyOptions = {}) {
    const authenticator = new SoftAuthenticator();
    const options = await registrationOptions(token, host);
    const info = value<PasskeyInfo>(
      await registerRaw(t.app, token, authenticator.register(options, ceremony), host),
    );
    return { authenticator, info };
  }

  const loginOptions = async (host = LOTUS) =>
    value<PasskeyRequestOptions>(await plainPost(t.app, endpoints.passkeyLoginOptions.path, {}, { host }));

  const passkeyLogin = (credential: unknown, host = LOTUS) =>
    plainPost(t.app, endpoints.passkeyLogin.path, { credential, ...device }, { host });

  const list = async (token: string, host = LOTUS) =>
    value<PasskeyInfo[]>(await get(t.app, endpoints.passkeys.path, { host, token }));

  return {
    t,
    clock,
    logIn,
    completeWithTotp,
    registrationOptions,
    registerRaw,
    addPasskey,
    loginOptions,
    passkeyLogin,
    list,
  };
}
