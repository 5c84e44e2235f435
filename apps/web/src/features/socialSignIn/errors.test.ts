import { describe, expect, it } from 'vitest';
import { codeExpiredError, ProviderError, providerErrorView } from './errors';

function firebaseError(code: string, message = `Firebase: Error (${code}).`) {
  return Object.assign(new Error(message), { code, name: 'FirebaseError' });
}

describe('providerErrorView', () => {
  it.each<[string, unknown, ReturnType<typeof providerErrorView>]>([
    [
      'popup blocked',
      firebaseError('auth/popup-blocked'),
      {
        key: 'social_err_popup_blocked',
        code: 'auth/popup-blocked',
        reason: 'Firebase: Error (auth/popup-blocked).',
      },
    ],
    [
      'popup closed by the member',
      firebaseError('auth/popup-closed-by-user'),
      {
        key: 'social_err_popup_closed',
        code: 'auth/popup-closed-by-user',
        reason: 'Firebase: Error (auth/popup-closed-by-user).',
      },
    ],
    ['a second tap while a window is open: silent', firebaseError('auth/cancelled-popup-request'), null],
    [
      'network',
      firebaseError('auth/network-request-failed'),
      {
        key: 'social_err_network',
        code: 'auth/network-request-failed',
        reason: 'Firebase: Error (auth/network-request-failed).',
      },
    ],
    [
      'unsupported environment',
      firebaseError('auth/operation-not-supported-in-this-environment'),
      {
        key: 'social_err_unsupported',
        code: 'auth/operation-not-supported-in-this-environment',
        reason: 'Firebase: Error (auth/operation-not-supported-in-this-environment).',
      },
    ],
    [
      'web storage',
      firebaseError('auth/web-storage-unsupported', 'x'),
      { key: 'social_err_unsupported', code: 'auth/web-storage-unsupported', reason: 'x' },
    ],
    [
      'unauthorized domain',
      firebaseError('auth/unauthorized-domain', 'd'),
      { key: 'social_err_config', code: 'auth/unauthorized-domain', reason: 'd' },
    ],
    [
      'invalid api key',
      firebaseError('auth/invalid-api-key', 'k'),
      { key: 'social_err_config', code: 'auth/invalid-api-key', reason: 'k' },
    ],
    [
      'auth domain',
      firebaseError('auth/auth-domain-config-required', 'a'),
      { key: 'social_err_config', code: 'auth/auth-domain-config-required', reason: 'a' },
    ],
    [
      'already initialized',
      firebaseError('auth/already-initialized', 'i'),
      { key: 'social_err_config', code: 'auth/already-initialized', reason: 'i' },
    ],
    [
      'argument',
      firebaseError('auth/argument-error', 'g'),
      { key: 'social_err_config', code: 'auth/argument-error', reason: 'g' },
    ],
    [
      'auth event',
      firebaseError('auth/invalid-auth-event', 'e'),
      { key: 'social_err_config', code: 'auth/invalid-auth-event', reason: 'e' },
    ],
    [
      'multi factor',
      firebaseError('auth/missing-multi-factor-info', 'm'),
      { key: 'social_err_config', code: 'auth/missing-multi-factor-info', reason: 'm' },
    ],
    [
      'internal',
      firebaseError('auth/internal-error', 'n'),
      { key: 'social_err_unknown', code: 'auth/internal-error', reason: 'n' },
    ],
    [
      'no SMS result',
      codeExpiredError(),
      {
        key: 'social_err_code_expired',
        code: 'auth/code-expired',
        reason: 'No verification is pending: request a new code.',
      },
    ],
    [
      'an adapter error',
      new ProviderError('auth/popup-blocked'),
      { key: 'social_err_popup_blocked', code: 'auth/popup-blocked', reason: 'auth/popup-blocked' },
    ],
    [
      'an unknown auth code keeps its reason',
      firebaseError('auth/some-new-thing', 'new'),
      { key: 'social_err_unknown', code: 'auth/unknown', reason: 'new' },
    ],
    ['a plain Error', new Error('boom'), { key: 'social_err_unknown', code: 'auth/unknown', reason: 'boom' }],
    ['a string', 'boom', { key: 'social_err_unknown', code: 'auth/unknown', reason: 'auth/unknown' }],
    ['null', null, { key: 'social_err_unknown', code: 'auth/unknown', reason: 'auth/unknown' }],
    [
      'hostile: a code that is not a provider code',
      { code: '<img src=x>', message: 'm' },
      { key: 'social_err_unknown', code: 'auth/unknown', reason: 'm' },
    ],
    [
      'hostile: a code that is not a string',
      { code: 42 },
      { key: 'social_err_unknown', code: 'auth/unknown', reason: 'auth/unknown' },
    ],
    [
      'hostile: control characters in the reason',
      { code: 'auth/popup-blocked', message: 'a\u0000\nb' },
      { key: 'social_err_popup_blocked', code: 'auth/popup-blocked', reason: 'a b' },
    ],
  ])('%s', (_name, error, expected) => {
    expect(providerErrorView(error)).toEqual(expected);
  });

  it('cuts a long reason', () => {
    const view = providerErrorView({ code: 'auth/internal-error', message: 'x'.repeat(500) });
    expect(view?.reason).toHaveLength(200);
    expect(view?.reason.endsWith('…')).toBe(true);
  });
});
