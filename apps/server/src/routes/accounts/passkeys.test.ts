import {
  ErrorCode,
  PASSKEY_MAX_PER_MEMBER,
  endpoints,
  type LoginResult,
  type LoginVerifyRequired,
  type MemberInfo,
  type PasskeyCreationOptions,
  type PasskeyInfo,
  type PasskeyRequestOptions,
  PasskeyErrorCode,
} from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { passkeyCredentials } from '../../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/members.js';
import { base32Decode, totp } from '../../services/identity/index.js';
import {
  AURORA,
  captchaPass,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import {
  FLAG_BE,
  FLAG_BS,
  FLAG_UP,
  FLAG_UV,
  SoftAuthenticator,
  type CeremonyOptions,
} from '../../test/webauthn.js';

const LOTUS_ORIGIN = `https://${LOTUS}`;
const device = { loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };

describe.each(backends)('passkeys (%s)', (backend) => {
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

  it('registers a passkey and signs in with it: a session like a password login gives', async () => {
    const token = await logIn('demo');
    const options = await registrationOptions(token);
    expect(options).toMatchObject({
      rp: { id: LOTUS },
      user: { name: 'demo' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftAuthenticator();
    const info = value<PasskeyInfo>(
      await registerRaw(t.app, token, authenticator.register(options), LOTUS, 'My phone'),
    );
    expect(info).toMatchObject({
      id: authenticator.id,
      name: 'My phone',
      transports: ['internal'],
      deviceType: 'singleDevice',
      lastUsedAt: null,
    });
    expect((await list(token)).map((item) => item.id)).toEqual([authenticator.id]);

    const request = await loginOptions();
    expect(request).toMatchObject({ rpId: LOTUS, allowCredentials: [], userVerification: 'required' });
    const result = value<LoginResult>(await passkeyLogin(authenticator.assert(request)));
    expect(result).toMatchObject({ userName: 'demo', firstTimeLogin: false, passwordExpired: false });
    const member = value<MemberInfo>(
      await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token: result.token }),
    );
    expect(member.account).toBe('demo');
    expect((await list(token))[0]?.lastUsedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('a synced passkey is listed as multi-device and backed up', async () => {
    const token = await logIn('agent');
    const { info } = await addPasskey(token, LOTUS, { flags: FLAG_UP | FLAG_UV | FLAG_BE | FLAG_BS });
    expect(info).toMatchObject({ deviceType: 'multiDevice', backedUp: true });
  });

  describe('a registration is refused', () => {
    const cases: [string, (options: PasskeyCreationOptions) => CeremonyOptions, string][] = [
      ['from another origin', () => ({ origin: 'https://evil.example' }), PasskeyErrorCode.INVALID],
      [
        'from http on a real domain name',
        () => ({ origin: 'http://lotus.example' }),
        PasskeyErrorCode.INVALID,
      ],
      [
        'for another relying party (rp id hash)',
        () => ({ rpId: 'localhost', origin: LOTUS_ORIGIN }),
        PasskeyErrorCode.INVALID,
      ],
      ['without user verification', () => ({ flags: FLAG_UP }), PasskeyErrorCode.INVALID],
      ['of the wrong ceremony type', () => ({ type: 'webauthn.get' }), PasskeyErrorCode.INVALID],
      [
        'for a challenge never handed out',
        () => ({ challenge: 'A'.repeat(43) }),
        PasskeyErrorCode.CHALLENGE_EXPIRED,
      ],
    ];
    it.each(cases)('%s', async (_name, ceremony, code) => {
      const token = await logIn('newbie');
      const options = await registrationOptions(token);
      const response = new SoftAuthenticator().register(options, ceremony(options));
      expect(failure(await registerRaw(t.app, token, response))).toMatchObject({ code, status: 400 });
      expect(await list(token)).toEqual([]);
    });

    it('when the challenge was handed to another session', async () => {
      const first = await logIn('newbie');
      const second = await logIn('newbie');
      const options = await registrationOptions(first);
      const response = new SoftAuthenticator().register(options);
      expect(failure(await registerRaw(t.app, second, response)).code).toBe(
        PasskeyErrorCode.CHALLENGE_EXPIRED,
      );
      // The attempt used the challenge up: not even its own session can now.
      expect(failure(await registerRaw(t.app, first, response)).code).toBe(
        PasskeyErrorCode.CHALLENGE_EXPIRED,
      );
    });

    it('after the challenge expired', async () => {
      const token = await logIn('newbie');
      const options = await registrationOptions(token);
      clock.advance(5 * MINUTE + 1);
      const response = new SoftAuthenticator().register(options);
      expect(failure(await registerRaw(t.app, token, response)).code).toBe(
        PasskeyErrorCode.CHALLENGE_EXPIRED,
      );
    });

    it('without a session (401), and twice for the same authenticator (409)', async () => {
      expect(
        failure(await plainPost(t.app, endpoints.passkeyRegistrationOptions.path, {}, { host: LOTUS }))
          .status,
      ).toBe(401);
      const token = await logIn('newbie');
      const { authenticator } = await addPasskey(token);
      const options = await registrationOptions(token);
      expect(options.excludeCredentials).toEqual([
        { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      ]);
      expect(failure(await registerRaw(t.app, token, authenticator.register(options)))).toEqual({
        status: 409,
        code: PasskeyErrorCode.CONFLICT,
      });
    });

    it(`past ${PASSKEY_MAX_PER_MEMBER} passkeys`, async () => {
      const token = await logIn('newbie');
      const have = (await list(token)).length;
      for (let index = have; index < PASSKEY_MAX_PER_MEMBER; index += 1) await addPasskey(token);
      expect(
        failure(
          await plainPost(t.app, endpoints.passkeyRegistrationOptions.path, {}, { host: LOTUS, token }),
        ),
      ).toEqual({
        status: 409,
        code: PasskeyErrorCode.CONFLICT,
      });
    });
  });

  describe('a sign-in is refused', () => {
    const cases: [string, CeremonyOptions, string][] = [
      ['from another origin', { origin: 'https://evil.example' }, PasskeyErrorCode.INVALID],
      [
        'from another port of http on a non-loopback name',
        { origin: 'http://lotus.example:8080' },
        PasskeyErrorCode.INVALID,
      ],
      [
        'for another relying party (rp id hash)',
        { rpId: 'orbit.localhost', origin: LOTUS_ORIGIN },
        PasskeyErrorCode.INVALID,
      ],
      ['without user verification', { flags: FLAG_UP }, PasskeyErrorCode.INVALID],
      ['without user presence', { flags: FLAG_UV }, PasskeyErrorCode.INVALID],
      ['of the wrong ceremony type', { type: 'webauthn.create' }, PasskeyErrorCode.INVALID],
      ['for a challenge never handed out', { challenge: 'B'.repeat(43) }, PasskeyErrorCode.CHALLENGE_EXPIRED],
    ];
    it.each(cases)('%s', async (_name, ceremony, code) => {
      const { authenticator } = await addPasskey(await logIn('demo'));
      const response = authenticator.assert(await loginOptions(), ceremony);
      expect(failure(await passkeyLogin(response))).toEqual({ status: 400, code });
    });

    it('when the challenge is replayed', async () => {
      const { authenticator } = await addPasskey(await logIn('demo'));
      const response = authenticator.assert(await loginOptions());
      expect(value<LoginResult>(await passkeyLogin(response)).userName).toBe('demo');
      expect(failure(await passkeyLogin(response)).code).toBe(PasskeyErrorCode.CHALLENGE_EXPIRED);
    });

    it('when a registration challenge is offered as a sign-in one', async () => {
      const token = await logIn('demo');
      const { authenticator } = await addPasskey(token);
      const registration = await registrationOptions(token);
      const response = authenticator.assert(await loginOptions(), { challenge: registration.challenge });
      expect(failure(await passkeyLogin(response)).code).toBe(PasskeyErrorCode.CHALLENGE_EXPIRED);
    });

    it('when the counter goes backwards or stands still (a cloned authenticator)', async () => {
      const { authenticator } = await addPasskey(await logIn('demo'));
      expect(
        value<LoginResult>(await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 7 })))
          .userName,
      ).toBe('demo');
      for (const counter of [6, 7, 0]) {
        const response = authenticator.assert(await loginOptions(), { counter });
        expect(failure(await passkeyLogin(response)).code).toBe(PasskeyErrorCode.INVALID);
      }
      expect(
        value<LoginResult>(await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 8 })))
          .userName,
      ).toBe('demo');
    });

    it('an authenticator without a counter (always 0) keeps working', async () => {
      const { authenticator } = await addPasskey(await logIn('demo'));
      for (let turn = 0; turn < 2; turn += 1) {
        const response = authenticator.assert(await loginOptions(), { counter: 0 });
        expect(value<LoginResult>(await passkeyLogin(response)).userName).toBe('demo');
      }
    });

    it("when the passkey is another merchant's (lotus's passkey on aurora)", async () => {
      const { authenticator } = await addPasskey(await logIn('demo'));
      // As the browser would: aurora's relying party and origin, lotus's credential.
      const onAurora = authenticator.assert(await loginOptions(AURORA), { origin: 'http://localhost' });
      expect(failure(await passkeyLogin(onAurora, AURORA))).toEqual({
        status: 400,
        code: PasskeyErrorCode.INVALID,
      });
      // And lotus's own bytes, replayed to aurora.
      const lotusBytes = authenticator.assert(await loginOptions());
      expect(failure(await passkeyLogin(lotusBytes, AURORA)).code).toBe(PasskeyErrorCode.CHALLENGE_EXPIRED);
    });

    it('when the user handle names another member', async () => {
      const { authenticator } = await addPasskey(await logIn('demo'));
      authenticator.userHandle = Buffer.alloc(32, 1).toString('base64url');
      expect(failure(await passkeyLogin(authenticator.assert(await loginOptions()))).code).toBe(
        PasskeyErrorCode.INVALID,
      );
    });

    it('for a passkey removed by its member', async () => {
      const token = await logIn('demo');
      const { authenticator } = await addPasskey(token);
      expect(
        value(
          await plainPost(
            t.app,
            endpoints.passkeyDelete.path,
            { id: authenticator.id },
            { host: LOTUS, token },
          ),
        ),
      ).toBeNull();
      expect(failure(await passkeyLogin(authenticator.assert(await loginOptions()))).code).toBe(
        PasskeyErrorCode.INVALID,
      );
    });
  });

  it('signs in on the loopback host over http with its port (the dev server and e2e)', async () => {
    const token = await logIn('demo', AURORA);
    const host = 'localhost:5173';
    const authenticator = new SoftAuthenticator();
    const options = await registrationOptions(token, host);
    expect(options.rp.id).toBe('localhost');
    value(
      await registerRaw(
        t.app,
        token,
        authenticator.register(options, { origin: 'http://localhost:5173' }),
        host,
      ),
    );
    const request = await loginOptions(host);
    expect(
      value<LoginResult>(
        await passkeyLogin(authenticator.assert(request, { origin: 'http://localhost:5173' }), host),
      ).userName,
    ).toBe('demo');
    // Another port is another origin.
    const other = authenticator.assert(await loginOptions(host), { origin: 'http://localhost:9999' });
    expect(failure(await passkeyLogin(other, host)).code).toBe(PasskeyErrorCode.INVALID);
  });

  it('is unavailable on an IP address, even one registered to the merchant', async () => {
    expect(
      failure(await plainPost(t.app, endpoints.passkeyLoginOptions.path, {}, { host: '127.0.0.1' })),
    ).toEqual({
      status: 403,
      code: PasskeyErrorCode.UNAVAILABLE,
    });
  });

  it('the relying party follows the Host the merchant was found by, never a forwarded one', async () => {
    const forwarded = await plainPost(
      t.app,
      endpoints.passkeyLoginOptions.path,
      {},
      { host: LOTUS, headers: { 'x-forwarded-host': 'evil.example' } },
    );
    expect(value<PasskeyRequestOptions>(forwarded).rpId).toBe(LOTUS);
    expect(
      failure(await plainPost(t.app, endpoints.passkeyLoginOptions.path, {}, { host: 'evil.example' })),
    ).toEqual({
      status: 404,
      code: ErrorCode.DOMAIN_NOT_AVAILABLE,
      data: { domain: 'evil.example' },
    });
  });

  it('a member with a second factor still completes it after a passkey', async () => {
    const password = failure(
      await sealedPost(t.app, endpoints.login.path, loginPayload('secure', DEMO_PASSWORD), { host: LOTUS }),
    );
    const token = (await completeWithTotp((password.data as LoginVerifyRequired).verifyToken)).token;
    // A fresh code window: the authenticator code of the password login is not accepted twice.
    clock.advance(MINUTE);
    const { authenticator } = await addPasskey(token);
    const answer = failure(await passkeyLogin(authenticator.assert(await loginOptions())));
    expect(answer).toMatchObject({ status: 403, code: ErrorCode.LOGIN_VERIFY_REQUIRED });
    const required = answer.data as LoginVerifyRequired;
    expect(required.methods).toEqual(['ga']);
    expect((await completeWithTotp(required.verifyToken)).userName).toBe('secure');
  });

  describe('the member manages only their own passkeys', () => {
    it('lists, renames and removes; another member gets not found and changes nothing', async () => {
      const mine = await logIn('agent');
      const theirs = await logIn('newbie');
      const { authenticator } = await addPasskey(mine);
      const id = authenticator.id;
      const rename = (token: string, name: string) =>
        plainPost(t.app, endpoints.passkeyRename.path, { id, name }, { host: LOTUS, token });
      const remove = (token: string, host = LOTUS) =>
        plainPost(t.app, endpoints.passkeyDelete.path, { id }, { host, token });

      expect(value(await rename(mine, '  Laptop  '))).toBeNull();
      expect((await list(mine)).find((item) => item.id === id)?.name).toBe('Laptop');
      expect(failure(await rename(theirs, 'Mine now'))).toEqual({
        status: 404,
        code: PasskeyErrorCode.NOT_FOUND,
      });
      expect(failure(await remove(theirs))).toEqual({ status: 404, code: PasskeyErrorCode.NOT_FOUND });
      expect((await list(theirs)).some((item) => item.id === id)).toBe(false);
      // The same member name on another merchant is another member.
      expect(failure(await remove(await logIn('agent', AURORA), AURORA)).code).toBe(
        PasskeyErrorCode.NOT_FOUND,
      );
      expect((await list(mine)).find((item) => item.id === id)?.name).toBe('Laptop');

      expect(value(await remove(mine))).toBeNull();
      expect((await list(mine)).some((item) => item.id === id)).toBe(false);
      expect(failure(await remove(mine)).code).toBe(PasskeyErrorCode.NOT_FOUND);
    });

    const hostile: [string, unknown][] = [
      ['an empty name', { id: 'abc', name: '   ' }],
      ['a name too long', { id: 'abc', name: 'x'.repeat(41) }],
      ['an id that is not base64url', { id: 'a/b+c', name: 'x' }],
      ['no id', { name: 'x' }],
    ];
    it.each(hostile)('rename refuses %s (400 invalid_request)', async (_name, body) => {
      const token = await logIn('agent');
      expect(
        failure(await plainPost(t.app, endpoints.passkeyRename.path, body, { host: LOTUS, token })),
      ).toEqual({
        status: 400,
        code: ErrorCode.INVALID_REQUEST,
      });
    });
  });

  const garbage: [string, (credential: ReturnType<SoftAuthenticator['assert']>) => unknown, string][] = [
    [
      'client data that is not JSON',
      (c) => ({ ...c, response: { ...c.response, clientDataJSON: 'bm90LWpzb24' } }),
      PasskeyErrorCode.INVALID,
    ],
    [
      'client data without a challenge',
      (c) => ({ ...c, response: { ...c.response, clientDataJSON: Buffer.from('{}').toString('base64url') } }),
      PasskeyErrorCode.INVALID,
    ],
    [
      'a signature of zeros',
      (c) => ({ ...c, response: { ...c.response, signature: 'AAAA' } }),
      PasskeyErrorCode.INVALID,
    ],
    [
      'authenticator data cut short',
      (c) => ({ ...c, response: { ...c.response, authenticatorData: 'AAAA' } }),
      PasskeyErrorCode.INVALID,
    ],
    ['another credential type', (c) => ({ ...c, type: 'password' }), ErrorCode.INVALID_REQUEST],
    ['no response', (c) => ({ ...c, response: undefined }), ErrorCode.INVALID_REQUEST],
  ];
  it.each(garbage)('a sign-in with %s is a 400, never a 500', async (_name, spoil, code) => {
    const { authenticator } = await addPasskey(await logIn('demo'));
    const response = spoil(authenticator.assert(await loginOptions()));
    expect(failure(await passkeyLogin(response))).toEqual({ status: 400, code });
  });
});
