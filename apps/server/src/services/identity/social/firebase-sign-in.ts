import { ErrorCode } from '@wps/contract/errorCodes';
import { isFirebaseChannel, type FirebaseChannel } from '@wps/contract/social';
import type { WhitelabelFlag } from '@wps/contract/flags';
import { DomainError, invalidRequest } from '../../errors.js';
import { flagOn, type Merchant } from '../../merchants/repository.js';
import {
  FIREBASE_ISSUER_BASE,
  GOOGLE_SECURETOKEN_JWKS_URL,
  type FirebaseProject,
  type FirebaseTokenVerifier,
} from './firebase.js';
import { RemoteKeySet, type KeyResolver } from './jwks.js';
import { configFlag, configString, type IdentityProviders } from './providers.js';
import type { VerifiedSocialIdentity } from './types.js';

/** The flag that offers each Firebase provider; phone is the `phoneAuth` of the merchant's Firebase settings. */
const FLAG_OF_CHANNEL: Readonly<Record<Exclude<FirebaseChannel, 'phone'>, WhitelabelFlag>> = {
  'google.com': 'GOOGLELOGIN3',
  'facebook.com': 'FACEBOOKLOGIN3',
  'twitter.com': 'TWITTERLOGIN3',
};

function disabled(what: string): DomainError {
  return new DomainError(ErrorCode.MODULE_DISABLED, `${what} is not offered.`);
}

/** A merchant's Firebase settings as the sign-in uses them. */
export interface MerchantFirebase {
  project: FirebaseProject;
  phoneAuth: boolean;
  standIn: boolean;
}

/**
 * Firebase sign-in of a merchant: its project (merchant_identity_providers `firebase`), the key set
 * (Google's, the row's `jwksUrl`, or the stand-in's for a `standIn` merchant where the server runs
 * stand-ins), the provider flags, and the verification of the ID token.
 */
export class FirebaseSignIn {
  /** One cached key set per URL, shared by the merchants that use it. */
  private readonly keySets = new Map<string, RemoteKeySet>();

  constructor(
    private readonly providers: IdentityProviders,
    private readonly verifier: FirebaseTokenVerifier,
    /** The Firebase stand-in's key set (stand-in-port.ts); null with NODE_ENV=production. */
    private readonly standInKeys: KeyResolver | null,
    private readonly now: () => number,
  ) {}

  /** The merchant's Firebase settings, or null when it has no enabled, complete `firebase` row. */
  async settingsOf(merchant: Merchant): Promise<MerchantFirebase | null> {
    const row = await this.providers.enabled(merchant.id, 'firebase');
    if (row === null) return null;
    const projectId = configString(row.publicConfig, 'projectId');
    if (projectId === null) return null;
    const standIn = configFlag(row.publicConfig, 'standIn');
    let keys: FirebaseProject['keys'];
    if (standIn) {
      if (this.standInKeys === null) return null;
      keys = this.standInKeys;
    } else {
      const url = configString(row.secretConfig, 'jwksUrl') ?? GOOGLE_SECURETOKEN_JWKS_URL;
      let keySet = this.keySets.get(url);
      if (keySet === undefined) {
        keySet = new RemoteKeySet(url, { now: this.now });
        this.keySets.set(url, keySet);
      }
      keys = keySet.resolve;
    }
    return {
      project: {
        projectId,
        issuerBase: configString(row.secretConfig, 'issuerBase') ?? FIREBASE_ISSUER_BASE,
        keys,
      },
      phoneAuth: configFlag(row.publicConfig, 'phoneAuth'),
      standIn,
    };
  }

  /**
   * The sign-in of a login's (or registration's) Firebase fields: the channel offered by the
   * merchant, the ID token verified for its project. Refusals: invalid_request (fields missing or a
   * channel Firebase does not have), module_disabled, social_token_invalid.
   */
  async verify(
    merchant: Merchant,
    channel: string | undefined,
    idToken: string | undefined,
  ): Promise<VerifiedSocialIdentity> {
    if (channel === undefined || idToken === undefined) {
      throw invalidRequest('firebaseChannel and firebaseIdToken are required.');
    }
    if (!isFirebaseChannel(channel))
      throw invalidRequest(`firebaseChannel ${channel} is not a sign-in provider.`);
    const settings = await this.settingsOf(merchant);
    if (settings === null) throw disabled('Firebase sign-in');
    if (channel === 'phone' ? !settings.phoneAuth : !flagOn(merchant, FLAG_OF_CHANNEL[channel])) {
      throw disabled(`Sign-in with ${channel}`);
    }
    return this.verifier.verify(merchant.id, settings.project, channel, idToken);
  }
}
