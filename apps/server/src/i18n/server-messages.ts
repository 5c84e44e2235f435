import { ALL_LANGUAGES, type LanguageCode } from '@wps/contract/languages';
import { ChatErrorCode } from '@wps/contract/chat';
import { ErrorCode } from '@wps/contract/errorCodes';
import { WalletErrorCode } from '@wps/contract/amounts';
import { PasskeyErrorCode } from '@wps/contract/passkeys';
import { PromoErrorCode } from '@wps/contract/content';
import { ReferralErrorCode } from '@wps/contract/referral';
import { SocialErrorCode } from '@wps/contract/social';
import { TrustErrorCode } from '@wps/contract/trust';
import { MemberAdminErrorCode } from '@wps/contract/memberAdmin';

/**
 * The server's messages in the request's language (issue 15: a Vietnamese member never reads an
 * English sentence in a Vietnamese dialog). One sentence per error code, per interface language; the
 * English one is the reference. A detailed English message a service wrote stays for English
 * requests, where it is the better text.
 */
export const MESSAGE_CODES = [
  ...Object.values(ErrorCode),
  ...Object.values(PasskeyErrorCode),
  ...Object.values(SocialErrorCode),
  ...Object.values(ReferralErrorCode),
  ...Object.values(PromoErrorCode),
  ...Object.values(WalletErrorCode),
  // The member's side of the chat; the staff console's refusals stay English, as the console is.
  ChatErrorCode.CHAT_RATE_LIMITED,
  ChatErrorCode.CHAT_NOT_READY,
  ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND,
  // Responsible gaming: the refusals a member meets in play, the cashier and the sign-in.
  TrustErrorCode.LIMIT_REACHED,
  TrustErrorCode.BREAK_ACTIVE,
  TrustErrorCode.SESSION_LIMIT,
  TrustErrorCode.STAKE_CAP,
  TrustErrorCode.CHANGE_NOT_READY,
  TrustErrorCode.COUNTRY_NOT_SERVED,
  // Issue 29: registration's age check and the terms to accept.
  TrustErrorCode.UNDER_AGE,
  TrustErrorCode.TERMS_REQUIRED,
  // Issue 30 item 7: a member a staff member locked signs in.
  MemberAdminErrorCode.ACCOUNT_LOCKED,
] as const;
export type MessageCode = (typeof MESSAGE_CODES)[number];
export type ServerMessages = Readonly<Record<MessageCode, string>>;

const LANGUAGE_HEADER = /^[A-Za-z]{2}(?:-[A-Za-z]{2})?$/;

/** The request's interface language from its `Language` header; EN when absent or unknown. */
export function languageOf(header: unknown): LanguageCode {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || !LANGUAGE_HEADER.test(value)) return 'EN';
  const upper = value.toUpperCase();
  return (ALL_LANGUAGES as readonly string[]).includes(upper) ? (upper as LanguageCode) : 'EN';
}

export function isMessageCode(code: string): code is MessageCode {
  return (MESSAGE_CODES as readonly string[]).includes(code);
}
