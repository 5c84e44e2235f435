import { describe, expect, it } from 'vitest';
import { WpsError } from '@/api/client';
import { pendingBindOf, socialFailureOf } from './socialLogin';

const error = (code: string, data?: unknown) => new WpsError(400, code, code, { data });

describe('socialFailureOf', () => {
  it.each<[string, ReturnType<typeof socialFailureOf>]>([
    ['bind_customer_required', 'bind'],
    ['not.exists.user', 'bind'],
    ['line_invalid_token', 'lineInvalid'],
    ['telegram_validate_failed', 'telegramInvalid'],
    ['login_verify_required', 'verify'],
    ['social_token_invalid', 'catalogue'],
    ['module_disabled', 'catalogue'],
    ['login.cred.err', 'catalogue'],
    ['unknown', 'catalogue'],
  ])('%s → %s', (code, expected) => {
    expect(socialFailureOf(error(code))).toBe(expected);
  });
});

describe('pendingBindOf', () => {
  const token = 'A'.repeat(43);
  const social = { firebaseChannel2: 'google.com', firebaseIdToken2: 'x.y.z' };
  it.each<[string, unknown, Partial<ReturnType<typeof pendingBindOf>>]>([
    [
      'the server’s bind token',
      {
        bindToken: token,
        provider: 'google.com',
        displayName: 'Alice Tan',
        pictureUrl: null,
        expiresIn: 600,
      },
      { bindToken: token, displayName: 'Alice Tan', provider: 'google.com', expiresAt: 1_000 + 600_000 },
    ],
    [
      'an expiry longer than the contract’s is cut',
      { bindToken: token, provider: 'line', displayName: null, pictureUrl: null, expiresIn: 99_999 },
      { bindToken: token, provider: 'line', expiresAt: 1_000 + 600_000 },
    ],
    [
      'a negative expiry',
      { bindToken: token, provider: 'line', displayName: null, pictureUrl: null, expiresIn: -5 },
      { expiresAt: 1_000 },
    ],
    ['no data (not.exists.user)', undefined, { bindToken: null, provider: 'facebook.com', social }],
    [
      'hostile: a bind token that is not one',
      { bindToken: '../../x', provider: 'google.com', displayName: null, expiresIn: 600 },
      { bindToken: null, provider: 'facebook.com' },
    ],
  ])('%s', (_name, data, expected) => {
    expect(pendingBindOf(error('bind_customer_required', data), 'facebook.com', social, 1_000)).toMatchObject(
      expected,
    );
  });
});
