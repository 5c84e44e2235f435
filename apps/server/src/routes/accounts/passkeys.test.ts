import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult, LoginVerifyRequired, MemberInfo } from '@wps/contract/accounts';
import { type PasskeyInfo, type PasskeyRequestOptions, PasskeyErrorCode } from '@wps/contract/passkeys';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  AURORA,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { MINUTE } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { FLAG_BE, FLAG_BS, FLAG_UP, FLAG_UV, SoftAuthenticator } from '../../test/webauthn.js';
import { usePasskeyApp } from '../../test/passkeys.js';

describe.each(backends)('passkeys (%s)', (backend) => {
  const {
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
  } = usePasskeyApp(backend);

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
});
