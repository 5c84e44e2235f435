import { ErrorCode } from '@wps/contract/errorCodes';
import type { LoginResult } from '@wps/contract/accounts';
import { PasskeyErrorCode } from '@wps/contract/passkeys';
import * as webauthn from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as api from '@/api/endpoints/passkeys';
import * as errorActions from '@/features/apiErrors';
import { getSession } from '@/state/session';
import { addPasskey, isCancelled, passkeyErrorKey, signInWithPasskey } from './passkeys';
import { signOut } from '@/features/signOut';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@/api/endpoints/passkeys', () => ({
  fetchPasskeys: vi.fn(),
  passkeyRegistrationOptions: vi.fn(),
  registerPasskey: vi.fn(),
  renamePasskey: vi.fn(),
  deletePasskey: vi.fn(),
  passkeyLoginOptions: vi.fn(),
  passkeyLogin: vi.fn(),
}));
vi.mock('@/api/endpoints/accounts', () => ({ logout: vi.fn().mockResolvedValue(null) }));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));

const startAuthentication = vi.mocked(webauthn.startAuthentication);
const startRegistration = vi.mocked(webauthn.startRegistration);
const passkeyLogin = vi.mocked(api.passkeyLogin);
const handleError = vi.mocked(errorActions.handleError);

function named(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const result: LoginResult = {
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  id: '7',
  userName: 'alice',
  customerType: 0,
};

beforeEach(() => {
  // The login lock is released 500 ms after each attempt: the tests move that clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.mocked(api.passkeyLoginOptions).mockResolvedValue({
    challenge: 'c',
    rpId: 'localhost',
    allowCredentials: [],
  });
});

afterEach(async () => {
  vi.runAllTimers();
  vi.useRealTimers();
  vi.clearAllMocks();
  await signOut('sessionLost');
});

describe('what a passkey failure shows', () => {
  const cases: [string, unknown, string | 'silent'][] = [
    ['the member closed the sheet', named('NotAllowedError'), 'silent'],
    ['another ceremony replaced it', named('AbortError'), 'silent'],
    ['the authenticator holds it already', named('InvalidStateError'), 'passkey_exists'],
    ['the browser refused the options', named('SecurityError'), 'passkey_failed'],
    ['an expired challenge', new WpsError(400, PasskeyErrorCode.CHALLENGE_EXPIRED, 'x'), 'passkey_expired'],
    [
      'an address without a relying party',
      new WpsError(403, PasskeyErrorCode.UNAVAILABLE, 'x'),
      'passkey_unavailable',
    ],
    ['a passkey registered already', new WpsError(409, PasskeyErrorCode.CONFLICT, 'x'), 'passkey_exists'],
    [
      'an assertion that does not verify',
      new WpsError(400, PasskeyErrorCode.INVALID, 'x'),
      'passkey_not_recognised',
    ],
    ['no answer at all', new WpsError(0, 'network_error', 'x'), 'network_error'],
    ['anything else', new WpsError(500, 'internal_error', 'x'), 'passkey_failed'],
    ['not even an error', 'boom', 'passkey_failed'],
  ];
  it.each(cases)('%s', (_name, error, shown) => {
    if (shown === 'silent') expect(isCancelled(error)).toBe(true);
    else {
      expect(isCancelled(error)).toBe(false);
      expect(passkeyErrorKey(error)).toBe(shown);
    }
  });
});

describe('signInWithPasskey', () => {
  it('signs in with the session the server answers', async () => {
    startAuthentication.mockResolvedValue(assertion);
    passkeyLogin.mockResolvedValue(result);
    expect(await signInWithPasskey({ autofill: true, go: null })).toEqual({
      status: 'success',
      destination: '/m/home',
    });
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'c', rpId: 'localhost', allowCredentials: [] },
      useBrowserAutofill: true,
    });
    expect(passkeyLogin).toHaveBeenCalledWith(
      expect.objectContaining({ credential: assertion, isOfficialAppLogin: false }),
    );
    expect(getSession()?.token).toBe('tok');
  });

  it('answers verify when the member has a second factor, without a session', async () => {
    startAuthentication.mockResolvedValue(assertion);
    const required = { verifyToken: 'v'.repeat(43), methods: ['ga'], maskedEmail: null, maskedMobile: null };
    passkeyLogin.mockRejectedValue(
      new WpsError(403, ErrorCode.LOGIN_VERIFY_REQUIRED, 'x', { data: required }),
    );
    expect(await signInWithPasskey({ autofill: false, go: null })).toEqual({ status: 'verify', required });
    expect(getSession()).toBeNull();
  });

  it('is silent when cancelled, and says what failed otherwise', async () => {
    startAuthentication.mockRejectedValueOnce(named('NotAllowedError'));
    expect(await signInWithPasskey({ autofill: false, go: null })).toEqual({ status: 'cancelled' });
    expect(passkeyLogin).not.toHaveBeenCalled();
    vi.runAllTimers();

    startAuthentication.mockResolvedValue(assertion);
    passkeyLogin.mockRejectedValue(new WpsError(400, PasskeyErrorCode.INVALID, 'x'));
    expect(await signInWithPasskey({ autofill: false, go: null })).toEqual({
      status: 'failed',
      message: 'passkey_not_recognised',
    });
  });
});

describe('addPasskey', () => {
  it('creates the passkey with the server options and keeps it', async () => {
    const options = {
      rp: { id: 'localhost', name: 'Aurora' },
      user: { id: 'u', name: 'alice', displayName: 'alice' },
      challenge: 'c',
      pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
    };
    vi.mocked(api.passkeyRegistrationOptions).mockResolvedValue(options);
    const credential = {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'AAAA', transports: ['internal' as const] },
    };
    startRegistration.mockResolvedValue(credential);
    const info = {
      id: 'cred',
      name: 'Passkey 1',
      deviceType: 'singleDevice' as const,
      backedUp: false,
      transports: ['internal' as const],
      createdAt: '2030-01-01T00:00:00.000Z',
      lastUsedAt: null,
    };
    vi.mocked(api.registerPasskey).mockResolvedValue(info);
    expect(await addPasskey()).toEqual(info);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(api.registerPasskey).toHaveBeenCalledWith({ credential });
  });

  it('hands a lost session to the please-login flow', async () => {
    const lost = new WpsError(401, ErrorCode.LOGIN_NOT_SESSION, 'x');
    vi.mocked(api.passkeyRegistrationOptions).mockRejectedValue(lost);
    await expect(addPasskey()).rejects.toBe(lost);
    expect(handleError).toHaveBeenCalledWith(lost);
  });
});
