import { ErrorCode } from '@wps/contract/errorCodes';
import {
  PASSKEY_MAX_PER_MEMBER,
  type PasskeyCreationOptions,
  PasskeyErrorCode,
} from '@wps/contract/passkeys';
import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import { describe, expect, it } from 'vitest';
import { AURORA, failure, LOTUS, plainPost, value } from '../../test/accounts.js';
import { MINUTE } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { FLAG_UP, FLAG_UV, SoftAuthenticator, type CeremonyOptions } from '../../test/webauthn.js';
import { LOTUS_ORIGIN, usePasskeyApp } from '../../test/passkeys.js';

describe.each(backends)('passkeys refused (%s)', (backend) => {
  const { t, clock, logIn, registrationOptions, registerRaw, addPasskey, loginOptions, passkeyLogin, list } =
    usePasskeyApp(backend);

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
