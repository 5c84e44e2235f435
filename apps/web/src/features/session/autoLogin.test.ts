import { describe, expect, it } from 'vitest';
import { StorageKey, localStore } from '@/platform/storage';
import { mayAutoLogin, shouldAutoLogin, type AutoLoginConditions } from './autoLogin';

const allHold: AutoLoginConditions = {
  hasToken: false,
  hasRedirectOrBackUrl: false,
  flagOn: true,
  storedAutoLogin: null,
  storedMerchant: 'aurora',
  currentMerchant: 'aurora',
  credentialType: 'username',
};

describe('shouldAutoLogin: the six conditions of spec section 4', () => {
  it('runs when all six hold', () => {
    expect(shouldAutoLogin(allHold)).toBe(true);
    expect(shouldAutoLogin({ ...allHold, storedAutoLogin: '1' })).toBe(true);
  });

  it.each<[string, Partial<AutoLoginConditions>]>([
    ['there is a token or session', { hasToken: true }],
    ['redirectUrl or backUrl is in the query', { hasRedirectOrBackUrl: true }],
    ['the MOBILEAUTOLOGIN3 flag is off', { flagOn: false }],
    ['the stored autoLogin is 0', { storedAutoLogin: '0' }],
    ['the stored merchant differs', { storedMerchant: 'lotus' }],
    ['no merchant is stored', { storedMerchant: null }],
    ['the current merchant is unknown', { currentMerchant: null }],
    ['the type is sms', { credentialType: 'sms' }],
    ['nothing is remembered', { credentialType: null }],
  ])('does not run when %s', (_name, change) => {
    expect(shouldAutoLogin({ ...allHold, ...change })).toBe(false);
  });
});

describe('mayAutoLogin: without remembered credentials the auto-login chunk is not fetched', () => {
  it.each<[string, [string, string][], boolean]>([
    ['nothing stored (a first visit)', [], false],
    ['only other keys stored', [[StorageKey.autoLogin, '1']], false],
    [
      'credentials remembered',
      [[StorageKey.rememberedCredentials, '{"type":"username","merchant":"aurora"}']],
      true,
    ],
    [
      'credentials remembered, auto-login off (the runner decides)',
      [
        [StorageKey.rememberedCredentials, '{"type":"username","merchant":"aurora"}'],
        [StorageKey.autoLogin, '0'],
      ],
      true,
    ],
  ])('%s → %s', (_name, stored, expected) => {
    for (const [key, value] of stored) localStore.setString(key, value);
    expect(mayAutoLogin()).toBe(expected);
  });
});
