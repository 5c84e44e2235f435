import type { Caller } from '../context.js';
import type { SocialProvider } from '@wps/contract/social';
import type { Attestation } from '../../trust/index.js';

/**
 * A sign-in a provider vouched for, after the server verified its proof (Firebase ID token, LINE
 * profile, Telegram hash, Maya session): who the person is at that provider. `subject` is the
 * provider's stable id of the person; the names are for display only and never identify anyone.
 */
export interface VerifiedSocialIdentity {
  provider: SocialProvider;
  subject: string;
  displayName: string | null;
  pictureUrl: string | null;
  /**
   * A phone number the provider verified (E.164, `+` and digits), e.g. Firebase phone auth: a member
   * with that mobile number is the one it signs in (the SMS alternative), linked on first use.
   */
  verifiedPhone?: string;
}

/**
 * What a social login carries besides the proof: the caller, and the registration fields an
 * auto-registered member is written with (spec section 7: the line, telegram and maya logins carry
 * registerUrl, affiliateCode, domain, referralCode, linkId).
 */
export interface SocialLoginMeta extends Caller {
  registerMethod?: 'APP' | 'H5' | 'WEBCLIP' | 'PWA';
  registerUrl?: string;
  affiliateCode?: string;
  referralCode?: string;
  linkId?: string;
  /** What the sign-in request states of age and terms, for a member it registers (issue 29). */
  attestation?: Attestation;
}

const MAX_SUBJECT = 256;
const MAX_NAME = 128;
const MAX_URL = 2048;

/** Trims what a provider said about a person to what the database keeps (names and https pictures only). */
export function socialIdentity(
  provider: SocialProvider,
  subject: string,
  displayName: unknown,
  pictureUrl: unknown,
): VerifiedSocialIdentity {
  if (subject === '' || subject.length > MAX_SUBJECT) throw new Error('subject out of range');
  const name = typeof displayName === 'string' ? displayName.trim().slice(0, MAX_NAME) : '';
  return {
    provider,
    subject,
    displayName: name === '' ? null : name,
    pictureUrl: safePicture(pictureUrl),
  };
}

function safePicture(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
