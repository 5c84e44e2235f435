import { FIREBASE_STAND_IN, type FirebaseChannel } from '@wps/contract/social';
import { randomBytes } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
} from 'jose';
import type { KeyResolver } from '../../services/identity/index.js';

/** A test person of the stand-in: the uid stays the same across runs, so a linked demo account stays linked. */
export interface StandInUser {
  uid: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  picture: string | null;
}

/** The stand-in's test users of each provider (docs/social-sign-in.md). */
export const STAND_IN_USERS: Readonly<Record<FirebaseChannel, readonly StandInUser[]>> = {
  'google.com': [
    {
      uid: 'StandInGoogleAliceTan00000001',
      name: 'Alice Tan',
      email: 'alice.tan@example.com',
      phoneNumber: null,
      picture: null,
    },
    {
      uid: 'StandInGoogleBudiSantoso00002',
      name: 'Budi Santoso',
      email: 'budi.santoso@example.com',
      phoneNumber: null,
      picture: null,
    },
  ],
  'facebook.com': [
    {
      uid: 'StandInFacebookChenWei0000003',
      name: 'Chen Wei',
      email: 'chen.wei@example.com',
      phoneNumber: null,
      picture: null,
    },
  ],
  'twitter.com': [
    { uid: 'StandInTwitterDaraLim00000004', name: 'Dara Lim', email: null, phoneNumber: null, picture: null },
  ],
  phone: [
    {
      uid: 'StandInPhone639170000001Ph005',
      name: '',
      email: null,
      phoneNumber: '+639170000001',
      picture: null,
    },
  ],
};

/** A fresh test person of a provider (the "new test user" choice): a uid nobody had. */
export function newStandInUser(provider: FirebaseChannel): StandInUser {
  const suffix = randomBytes(9).toString('hex');
  const isPhone = provider === 'phone';
  return {
    uid: `StandInNew${suffix}`,
    name: isPhone ? '' : `Test ${suffix.slice(0, 6)}`,
    email: isPhone ? null : `test.${suffix.slice(0, 10)}@example.com`,
    // +63 999 …: outside the demo members' numbers, so a new test user is never one of them.
    phoneNumber: isPhone
      ? `+63999${String(parseInt(suffix.slice(0, 7), 16) % 10_000_000).padStart(7, '0')}`
      : null,
    picture: null,
  };
}

/** An ID token lives an hour, as Firebase's. */
const ID_TOKEN_TTL_S = 3_600;

/**
 * The Firebase Auth stand-in of development and e2e: an RS256 key pair generated when first used
 * (never stored: tokens of an earlier run fail), its JWKS, and ID tokens of Firebase's shape.
 */
export class FirebaseStandIn {
  private keys: Promise<{ privateKey: CryptoKey; jwks: JSONWebKeySet; kid: string }> | null = null;

  constructor(private readonly now: () => number) {}

  /** The public key set, as Google's securetoken JWKS. */
  async jwks(): Promise<JSONWebKeySet> {
    return (await this.keyPair()).jwks;
  }

  /** The stand-in's keys as a verifier takes them (the same verification as Google's keys). */
  readonly resolve: KeyResolver = async (header) => {
    const { jwks } = await this.keyPair();
    return createLocalJWKSet(jwks)(header);
  };

  /** An ID token of `user` signed in with `provider` for the Firebase project `projectId`, authenticated now. */
  async mint(projectId: string, provider: FirebaseChannel, user: StandInUser): Promise<string> {
    const { privateKey, kid } = await this.keyPair();
    const now = Math.floor(this.now() / 1000);
    const identities: Record<string, string[]> =
      provider === 'phone'
        ? { phone: [user.phoneNumber ?? ''] }
        : { [provider]: [user.uid], ...(user.email === null ? {} : { email: [user.email] }) };
    return new SignJWT({
      ...(user.name === '' ? {} : { name: user.name }),
      ...(user.picture === null ? {} : { picture: user.picture }),
      ...(user.email === null ? {} : { email: user.email, email_verified: true }),
      ...(user.phoneNumber === null ? {} : { phone_number: user.phoneNumber }),
      user_id: user.uid,
      auth_time: now,
      firebase: { identities, sign_in_provider: provider },
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(`https://securetoken.google.com/${projectId}`)
      .setAudience(projectId)
      .setSubject(user.uid)
      .setIssuedAt(now)
      .setExpirationTime(now + ID_TOKEN_TTL_S)
      .sign(privateKey);
  }

  private keyPair(): Promise<{ privateKey: CryptoKey; jwks: JSONWebKeySet; kid: string }> {
    this.keys ??= (async () => {
      const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
      const kid = `standin-${randomBytes(8).toString('hex')}`;
      const jwk = await exportJWK(publicKey);
      return { privateKey, kid, jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } };
    })();
    return this.keys;
  }
}

export const STAND_IN_MESSAGE_TYPE = FIREBASE_STAND_IN.messageType;
