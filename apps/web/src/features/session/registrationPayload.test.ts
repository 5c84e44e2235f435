import { describe, expect, it } from 'vitest';
import { buildRegistrationPayload, type RegistrationContext } from './registrationPayload';

const context: RegistrationContext = {
  registerMethod: 'H5',
  registerUrl: 'https://aurora.example/m/register?affiliateCode=aff1',
  loginDeviceId: 'd'.repeat(36),
  isOfficialAppLogin: false,
  tid: 'T1',
  affiliateCode: 'aff1',
  referralCode: 'ref1',
  domain: 'aff1.aurora.example',
  pixelTrack: { tid: 'T1' },
  firebaseCreateAccount: false,
  mobilePasswordRequired: false,
  defaultMobilePassword: 'Default@1',
};

describe('buildRegistrationPayload', () => {
  it('builds the username registration of spec section 3, with login and linkId from the tid', () => {
    const payload = buildRegistrationPayload(
      { kind: 'username', username: 'alice', password: 'pw-1' },
      context,
      { geetestChallenge: 'c', geetestValidateV4: 'v4' },
    );
    expect(payload).toEqual({
      username: 'alice',
      password: 'pw-1',
      registerMethod: 'H5',
      registerUrl: context.registerUrl,
      loginDeviceId: context.loginDeviceId,
      isOfficialAppLogin: false,
      linkId: 'T1',
      affiliateCode: 'aff1',
      referralCode: 'ref1',
      domain: 'aff1.aurora.example',
      login: true,
      geetestChallenge: 'c',
      geetestValidateV4: 'v4',
      pixelTrack: { tid: 'T1' },
    });
  });

  it.each(['APP', 'H5', 'WEBCLIP', 'PWA'] as const)('carries registerMethod %s', (registerMethod) => {
    expect(
      buildRegistrationPayload(
        { kind: 'username', username: 'a', password: 'b' },
        { ...context, registerMethod },
      ).registerMethod,
    ).toBe(registerMethod);
  });

  it('sends pixelTrack null (not absent) when there are no tracking ids, and leaves out empty codes', () => {
    const payload = buildRegistrationPayload(
      { kind: 'username', username: 'a', password: 'b' },
      { ...context, pixelTrack: null, tid: null, affiliateCode: '', referralCode: null },
    );
    expect(payload.pixelTrack).toBeNull();
    expect('pixelTrack' in payload).toBe(true);
    expect(payload).not.toHaveProperty('linkId');
    expect(payload).not.toHaveProperty('affiliateCode');
    expect(payload).not.toHaveProperty('referralCode');
    expect(payload).not.toHaveProperty('geetestSeccode');
  });

  it('uses the default mobile-registration password when MOBILENUMPWD3 is off', () => {
    const payload = buildRegistrationPayload(
      {
        kind: 'mobile',
        countryDialingCode: '63',
        mobileNum: '9171234567',
        smsCode: '123456',
        password: 'typed',
      },
      context,
    );
    expect(payload).toMatchObject({
      countryDialingCode: '63',
      mobileNum: '9171234567',
      smsCode: '123456',
      password: 'Default@1',
    });
    expect(payload).not.toHaveProperty('username');
  });

  it('uses the typed password when MOBILENUMPWD3 is on', () => {
    const payload = buildRegistrationPayload(
      { kind: 'mobile', countryDialingCode: '63', mobileNum: '917', smsCode: '1', password: 'typed' },
      { ...context, mobilePasswordRequired: true },
    );
    expect(payload.password).toBe('typed');
  });

  it('adds the firebase, line and telegram fields only with FIREBASECREATEACC3', () => {
    const social = {
      firebaseChannel2: 'google',
      firebaseIdToken2: 'id',
      lineSessionToken: 'ls',
      telegramAuth: 'tg',
      bindToken: 'b'.repeat(43),
    };
    const off = buildRegistrationPayload(
      { kind: 'username', username: 'a', password: 'b' },
      context,
      {},
      social,
    );
    expect(off).not.toHaveProperty('firebaseChannel2');
    expect(off).not.toHaveProperty('lineSessionToken');
    expect(off).not.toHaveProperty('telegramAuth');
    expect(off).not.toHaveProperty('bindToken');
    const on = buildRegistrationPayload(
      { kind: 'username', username: 'a', password: 'b' },
      { ...context, firebaseCreateAccount: true },
      {},
      social,
    );
    expect(on).toMatchObject(social);
  });
});
