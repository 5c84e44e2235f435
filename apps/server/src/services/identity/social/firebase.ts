import { AUTH_TOKEN_MAX_AGE_S } from '@wps/contract/constants';
import { ErrorCode } from '@wps/contract/errorCodes';
import { type FirebaseChannel, SocialErrorCode } from '@wps/contract/social';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { DomainError } from '../../errors.js';
import { KeySetUnavailable, type KeyResolver } from './jwks.js';
import type { TokenUses } from './token-uses.js';
import { socialIdentity, type VerifiedSocialIdentity } from './types.js';

/** Google's public keys of Firebase ID tokens. */
export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
/** `iss` of a project's ID tokens is this followed by the project id. */
export const FIREBASE_ISSUER_BASE = 'https://securetoken.google.com/';
/** A sign-in older than this (auth_time) is refused: the member signed in with the provider just now. */
export const FIREBASE_MAX_AUTH_AGE_S = AUTH_TOKEN_MAX_AGE_S;
/** Firebase uids are at most 128 characters. */
const MAX_SUBJECT_LENGTH = 128;

/** Which check refused a token: in the log and the tests, never in the answer. */
export type FirebaseRefusal =
  | 'malformed'
  | 'algorithm'
  | 'key'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'issued_in_future'
  | 'auth_time'
  | 'subject'
  | 'provider'
  | 'replayed';

/** social_token_invalid, with the failed check kept for the log (the answer says only that it failed). */
export class SocialTokenInvalid extends DomainError {
  constructor(readonly reason: FirebaseRefusal) {
    super(SocialErrorCode.SOCIAL_TOKEN_INVALID, 'The sign-in could not be verified. Please try again.');
  }
}

/** One merchant's Firebase project as the verifier needs it. */
export interface FirebaseProject {
  projectId: string;
  /** `iss` is `${issuerBase}${projectId}`. */
  issuerBase: string;
  keys: KeyResolver;
}

function refusalOf(error: unknown): FirebaseRefusal {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'issuer';
    if (error.claim === 'aud') return 'audience';
    if (error.claim === 'iat') return 'issued_in_future';
    if (error.claim === 'sub') return 'subject';
    if (error.claim === 'exp') return 'expired';
    if (error.claim === 'auth_time') return 'auth_time';
    return 'malformed';
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported) {
    return 'algorithm';
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWKSMultipleMatchingKeys) {
    return 'key';
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature';
  return 'malformed';
}

/**
 * Verifies Firebase ID tokens (https://firebase.google.com/docs/auth/admin/verify-id-tokens): RS256
 * with a key of the project's key set, issuer and audience of the merchant's project, not expired,
 * issued in the past, authenticated at most 300 s ago, a subject, the provider the client named;
 * and a token signs in once (social_token_uses until it expires).
 */
export class FirebaseTokenVerifier {
  constructor(
    private readonly uses: TokenUses,
    private readonly now: () => number,
  ) {}

  async verify(
    merchantId: number,
    project: FirebaseProject,
    channel: FirebaseChannel,
    idToken: string,
  ): Promise<VerifiedSocialIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, project.keys, {
        algorithms: ['RS256'],
        issuer: `${project.issuerBase}${project.projectId}`,
        audience: project.projectId,
        requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        currentDate: new Date(this.now()),
        clockTolerance: 0,
      }));
    } catch (error) {
      if (error instanceof KeySetUnavailable) {
        throw new DomainError(
          ErrorCode.INTERNAL_ERROR,
          'Sign-in is not available right now. Please try again.',
        );
      }
      throw new SocialTokenInvalid(refusalOf(error));
    }
    const nowS = Math.floor(this.now() / 1000);
    const { iat, exp, sub } = payload;
    const authTime = payload.auth_time;
    if (typeof iat !== 'number' || iat > nowS) throw new SocialTokenInvalid('issued_in_future');
    if (typeof exp !== 'number') throw new SocialTokenInvalid('expired');
    if (typeof authTime !== 'number' || authTime > nowS || nowS - authTime > FIREBASE_MAX_AUTH_AGE_S) {
      throw new SocialTokenInvalid('auth_time');
    }
    if (typeof sub !== 'string' || sub === '' || sub.length > MAX_SUBJECT_LENGTH) {
      throw new SocialTokenInvalid('subject');
    }
    const firebase = payload.firebase;
    const provider =
      typeof firebase === 'object' && firebase !== null
        ? (firebase as { sign_in_provider?: unknown }).sign_in_provider
        : undefined;
    if (provider !== channel) throw new SocialTokenInvalid('provider');
    if (!(await this.uses.firstUse(merchantId, 'firebase', idToken, new Date(exp * 1000)))) {
      throw new SocialTokenInvalid('replayed');
    }
    if (channel === 'phone') {
      const phone = payload.phone_number;
      const identity = socialIdentity(channel, sub, phone, undefined);
      return typeof phone === 'string' && /^\+[1-9][0-9]{6,15}$/.test(phone)
        ? { ...identity, verifiedPhone: phone }
        : identity;
    }
    return socialIdentity(channel, sub, payload.name, payload.picture);
  }
}
