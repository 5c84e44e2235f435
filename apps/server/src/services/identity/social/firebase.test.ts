import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import { SocialErrorCode } from '@wps/contract/social';
import { and, eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantIdentityProviders, merchants, socialIdentities } from '../../../db/schema/index.js';
import { ADULT } from '../../../test/accounts.js';
import { useIdentityServices } from '../../../test/identity-services.js';
import { TestClock } from '../../../test/clock.js';
import {
  firebaseClaims,
  hs256WithPublicKey,
  signToken,
  tampered,
  testKey,
  TestJwksServer,
  unsignedToken,
  type TestKey,
} from '../../../test/firebase-tokens.js';
import { backends } from '../../../test/test-app.js';
import type { Merchant } from '../../merchants/repository.js';
import { SocialTokenInvalid, type FirebaseRefusal } from './firebase.js';

const AURORA_PROJECT = 'aurora-play-demo';
const LOTUS_PROJECT = 'lotus-lotto-demo';
const CALLER = { ip: '127.0.0.1' };

function firebaseLogin(channel: string, idToken: string): EndpointParsed<'login'> {
  return {
    type: 'firebase',
    firebaseChannel: channel,
    firebaseIdToken: idToken,
    loginDeviceId: 'd'.repeat(36),
    isOfficialAppLogin: false,
    ...ADULT,
  };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe.each(backends)('Firebase ID-token verification (%s)', (backend) => {
  const clock = new TestClock();
  const t = useIdentityServices(backend, { now: clock.now });
  const keyServer = new TestJwksServer();
  let key: TestKey;
  let otherKey: TestKey;
  let aurora: Merchant;
  let lotus: Merchant;
  const nowS = () => Math.floor(clock.now() / 1000);

  beforeAll(async () => {
    await keyServer.start();
    [key, otherKey] = await Promise.all([testKey('google-key-1'), testKey('google-key-1')]);
    keyServer.keys = [key.publicJwk];
    // Both demo merchants against the test's key server instead of the stand-in: Google's protocol.
    for (const code of ['aurora', 'lotus']) {
      const [merchant] = await t.db
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.code, code));
      const row = await t.identity.identityProviders.get(merchant?.id ?? 0, 'firebase');
      await t.db
        .update(merchantIdentityProviders)
        .set({
          publicConfig: { ...row?.publicConfig, standIn: false },
          secretConfig: { jwksUrl: keyServer.url },
        })
        .where(
          and(
            eq(merchantIdentityProviders.merchantId, merchant?.id ?? 0),
            eq(merchantIdentityProviders.provider, 'firebase'),
          ),
        );
    }
    aurora = await t.merchant('aurora');
    lotus = await t.merchant('lotus');
  });
  afterAll(() => keyServer.stop());

  const valid = (overrides: JWTPayload = {}, provider = 'google.com') =>
    signToken(key, {
      ...firebaseClaims(
        AURORA_PROJECT,
        nowS(),
        provider,
        `uid${clock.now()}${Math.random()}`.replace('.', ''),
      ),
      ...overrides,
    });

  it('signs a valid token in: a new member on aurora (auto-registration), linked to the uid', async () => {
    const token = await valid({ sub: 'ValidUid0001', user_id: 'ValidUid0001' });
    const result = await t.identity.social.firebaseLogin(aurora, firebaseLogin('google.com', token), CALLER);
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.userName).toMatch(/^g[0-9]{6,7}$/);
    const [linked] = await t.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.subject, 'ValidUid0001'));
    expect(linked).toMatchObject({
      provider: 'google.com',
      merchantId: aurora.id,
      displayName: 'Test Person',
    });
    // A later sign-in of the same person (a new token a second later) logs the same member in.
    clock.advance(1_000);
    const again = await t.identity.social.firebaseLogin(
      aurora,
      firebaseLogin('google.com', await valid({ sub: 'ValidUid0001', user_id: 'ValidUid0001' })),
      CALLER,
    );
    expect(again.id).toBe(result.id);
  });

  const hostile: readonly [string, FirebaseRefusal, () => Promise<string>][] = [
    [
      'a tampered payload (bad signature)',
      'signature',
      async () => tampered(await valid(), firebaseClaims(AURORA_PROJECT, nowS(), 'google.com', 'Victim')),
    ],
    [
      'a token signed by another key under the same kid',
      'signature',
      () => signToken(otherKey, firebaseClaims(AURORA_PROJECT, nowS())),
    ],
    [
      'a token signed by a key nobody published',
      'key',
      () => signToken(otherKey, firebaseClaims(AURORA_PROJECT, nowS()), 'unknown-kid'),
    ],
    ['alg none', 'algorithm', async () => unsignedToken(firebaseClaims(AURORA_PROJECT, nowS()), key.kid)],
    [
      'HS256 keyed by the public key',
      'algorithm',
      () => hs256WithPublicKey(key, firebaseClaims(AURORA_PROJECT, nowS())),
    ],
    [
      'another merchant\u2019s project (lotus)',
      'issuer',
      () => signToken(key, firebaseClaims(LOTUS_PROJECT, nowS())),
    ],
    ['the right issuer, another audience', 'audience', () => valid({ aud: LOTUS_PROJECT })],
    [
      'an issuer that is not Google\u2019s',
      'issuer',
      () => valid({ iss: `https://evil.example/${AURORA_PROJECT}` }),
    ],
    ['expired', 'expired', () => valid({ iat: nowS() - 7_200, auth_time: nowS() - 7_200, exp: nowS() - 1 })],
    ['expiring this second', 'expired', () => valid({ exp: nowS() })],
    ['signed in 301 s ago', 'auth_time', () => valid({ auth_time: nowS() - 301 })],
    ['signed in in the future', 'auth_time', () => valid({ auth_time: nowS() + 60 })],
    ['without auth_time', 'auth_time', () => valid({ auth_time: undefined })],
    ['issued in the future', 'issued_in_future', () => valid({ iat: nowS() + 60, auth_time: nowS() })],
    ['without a subject', 'subject', () => valid({ sub: undefined })],
    ['with an empty subject', 'subject', () => valid({ sub: '' })],
    ['with a 129-character subject', 'subject', () => valid({ sub: 'u'.repeat(129) })],
    ['of another provider than the channel named', 'provider', () => valid({}, 'facebook.com')],
    ['without the firebase claim', 'provider', () => valid({ firebase: undefined })],
    ['not a JWT at all', 'malformed', async () => 'not.a.jwt'],
  ];

  it.each(hostile)('refuses %s: %s', async (_name, reason, make) => {
    const error = await thrown(
      t.identity.social.firebaseLogin(aurora, firebaseLogin('google.com', await make()), CALLER),
    );
    expect(error).toBeInstanceOf(SocialTokenInvalid);
    expect(error).toMatchObject({ code: SocialErrorCode.SOCIAL_TOKEN_INVALID, reason });
  });

  it('refuses a token the second time (replay), even when the first answered bind_customer_required', async () => {
    for (const merchant of [aurora, lotus]) {
      const project = merchant === aurora ? AURORA_PROJECT : LOTUS_PROJECT;
      const token = await signToken(
        key,
        firebaseClaims(project, nowS(), 'google.com', `Replay${merchant.code}`),
      );
      const first = await thrown(
        t.identity.social.firebaseLogin(merchant, firebaseLogin('google.com', token), CALLER),
      );
      // aurora registers the new person; lotus asks (the confirm dialog).
      if (merchant === aurora) expect(first).toBeNull();
      else expect(first).toMatchObject({ code: ErrorCode.BIND_CUSTOMER_REQUIRED });
      const replay = await thrown(
        t.identity.social.firebaseLogin(merchant, firebaseLogin('google.com', token), CALLER),
      );
      expect(replay).toMatchObject({ code: SocialErrorCode.SOCIAL_TOKEN_INVALID, reason: 'replayed' });
    }
  });

  it('keeps merchants apart: aurora\u2019s token and aurora\u2019s member do not sign in on lotus', async () => {
    const sub = 'IsolationUid01';
    const auroraToken = await signToken(key, firebaseClaims(AURORA_PROJECT, nowS(), 'google.com', sub));
    const member = await t.identity.social.firebaseLogin(
      aurora,
      firebaseLogin('google.com', auroraToken),
      CALLER,
    );
    expect(member.token).toBeTruthy();
    const onLotus = await thrown(
      t.identity.social.firebaseLogin(
        lotus,
        firebaseLogin(
          'google.com',
          await signToken(key, firebaseClaims(AURORA_PROJECT, nowS(), 'google.com', sub)),
        ),
        CALLER,
      ),
    );
    expect(onLotus).toMatchObject({ code: SocialErrorCode.SOCIAL_TOKEN_INVALID, reason: 'issuer' });
    // The same Google person with lotus's own project is a stranger on lotus: no account, the dialog.
    const lotusToken = await signToken(key, firebaseClaims(LOTUS_PROJECT, nowS(), 'google.com', sub));
    const stranger = await thrown(
      t.identity.social.firebaseLogin(lotus, firebaseLogin('google.com', lotusToken), CALLER),
    );
    expect(stranger).toMatchObject({ code: ErrorCode.BIND_CUSTOMER_REQUIRED });
  });

  it.each([
    ['facebook.com with FACEBOOKLOGIN3 off (lotus)', 'lotus', 'facebook.com', ErrorCode.MODULE_DISABLED],
    ['phone without phone auth', 'aurora', 'phone', ErrorCode.MODULE_DISABLED],
    ['a channel Firebase does not have', 'aurora', 'github.com', ErrorCode.INVALID_REQUEST],
  ])('refuses %s before looking at the token', async (_name, code, channel, errorCode) => {
    const merchant = code === 'aurora' ? aurora : lotus;
    const project = code === 'aurora' ? AURORA_PROJECT : LOTUS_PROJECT;
    const token = await signToken(key, firebaseClaims(project, nowS(), channel));
    const error = await thrown(
      t.identity.social.firebaseLogin(merchant, firebaseLogin(channel, token), CALLER),
    );
    expect(error).toMatchObject({ code: errorCode });
  });

  it('signs Firebase phone auth in as the member with that mobile number where phone auth is on', async () => {
    const row = await t.identity.identityProviders.get(aurora.id, 'firebase');
    await t.db
      .update(merchantIdentityProviders)
      .set({ publicConfig: { ...row?.publicConfig, phoneAuth: true } })
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, aurora.id),
          eq(merchantIdentityProviders.provider, 'firebase'),
        ),
      );
    const claims = {
      ...firebaseClaims(AURORA_PROJECT, nowS(), 'phone', 'PhoneUid0001'),
      phone_number: '+639170000001',
    };
    const result = await t.identity.social.firebaseLogin(
      aurora,
      firebaseLogin('phone', await signToken(key, claims)),
      CALLER,
    );
    expect(result.userName).toBe('demo');
    await t.db
      .update(merchantIdentityProviders)
      .set({ publicConfig: { ...row?.publicConfig } })
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, aurora.id),
          eq(merchantIdentityProviders.provider, 'firebase'),
        ),
      );
  });

  it('refuses every Firebase sign-in where the merchant has no enabled Firebase settings', async () => {
    const orbit = await t.merchant('orbit');
    const token = await signToken(key, firebaseClaims(AURORA_PROJECT, nowS()));
    const error = await thrown(
      t.identity.social.firebaseLogin(orbit, firebaseLogin('google.com', token), CALLER),
    );
    expect(error).toMatchObject({ code: ErrorCode.MODULE_DISABLED });
  });

  it('signs in through a key server outage with the keys it holds; without any, answers 503', async () => {
    keyServer.status = 503;
    clock.advance(24 * 3_600_000);
    const held: LoginResult = await t.identity.social.firebaseLogin(
      aurora,
      firebaseLogin('google.com', await signToken(key, firebaseClaims(AURORA_PROJECT, nowS()))),
      CALLER,
    );
    expect(held.token).toBeTruthy();
    // A key set never fetched (another URL) cannot be had: unavailable, not a bad token.
    const setUrl = async (jwksUrl: string) =>
      t.db
        .update(merchantIdentityProviders)
        .set({ secretConfig: { jwksUrl } })
        .where(
          and(
            eq(merchantIdentityProviders.merchantId, aurora.id),
            eq(merchantIdentityProviders.provider, 'firebase'),
          ),
        );
    await setUrl(`${keyServer.url}?never-fetched`);
    const error = await thrown(
      t.identity.social.firebaseLogin(
        aurora,
        firebaseLogin('google.com', await signToken(key, firebaseClaims(AURORA_PROJECT, nowS()))),
        CALLER,
      ),
    );
    expect(error).toMatchObject({ code: ErrorCode.INTERNAL_ERROR });
    keyServer.status = 200;
    await setUrl(keyServer.url);
  });
});
