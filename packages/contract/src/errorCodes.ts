import type { PromoErrorCode } from './content.js';
import type { PasskeyErrorCode } from './passkeys.js';
import type { ReferralErrorCode } from './referral.js';
import type { SocialErrorCode } from './social.js';
import type { ChatErrorCode } from './chat.js';
import type { TrackingErrorCode } from './tracking.js';
import type { WalletErrorCode } from './amounts.js';
import type { CashierStaffErrorCode } from './cashier.js';
import type { TrustErrorCode } from './trust.js';
import type { MerchantAdminErrorCode } from './merchantAdmin.js';
import type { OffersAdminErrorCode } from './offersAdmin.js';
import type { MemberAdminErrorCode } from './memberAdmin.js';
import type { ContentAdminErrorCode } from './contentAdmin.js';
import type { GamesAdminErrorCode } from './gamesAdmin.js';

/**
 * The error-code table, a module of its own (`@wps/contract/errorCodes`): lazy chunks use it, and the
 * first load, which needs only the few codes of errors.ts, does not carry it.
 */

/**
 * Error codes the /wps server answers and the front end reacts to (spec section 8).
 * Codes the spec names keep their exact spelling; the others are this product's own.
 */
export const ErrorCode = {
  // Spec section 8
  DOMAIN_NOT_AVAILABLE: 'domain_not_available',
  CUSTOMER_NOT_LOGIN: 'CUSTOMER_NOT_LOGIN',
  CUSTOMER_NOT_LOGIN_DOTTED: 'customer.not.login',
  USER_OR_TOKEN_INVALID: 'user.or.token.invalid',
  LOGIN_NOT_SESSION: 'login.not.session',
  TOKEN_IP_DIFFERENT: 'token_ip_different',
  TOO_MANY_REQUEST: 'TOO_MANY_REQUEST',
  LOGIN_CRED_ERR: 'login.cred.err',
  NOT_EXISTS_USER: 'not.exists.user',
  LOGIN_VERIFY_REQUIRED: 'login_verify_required',
  BIND_CUSTOMER_REQUIRED: 'bind_customer_required',
  LINE_INVALID_TOKEN: 'line_invalid_token',
  TELEGRAM_VALIDATE_FAILED: 'telegram_validate_failed',
  // The product's own
  NOT_FOUND: 'not_found',
  INVALID_REQUEST: 'invalid_request',
  INVALID_JSON: 'invalid_json',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  METHOD_NOT_ALLOWED: 'method_not_allowed',
  MERCHANT_NOT_FOUND: 'merchant_not_found',
  SYSTEM_MAINTENANCE: 'system_maintenance',
  REGION_RESTRICTED: 'region_restricted',
  INTERNAL_ERROR: 'internal_error',
  /** The database cannot be reached for a moment: try again shortly (HTTP 503 with Retry-After). */
  SERVICE_UNAVAILABLE: 'service_unavailable',
  // Member accounts (the product's own)
  USERNAME_TAKEN: 'username.exists',
  MOBILE_TAKEN: 'mobile.exists',
  CAPTCHA_REQUIRED: 'captcha_required',
  CAPTCHA_INVALID: 'captcha_invalid',
  VERIFY_CODE_INVALID: 'verify_code_invalid',
  VERIFY_CODE_TOO_SOON: 'TOO_MANY_REQUEST_verify_code',
  OLD_PASSWORD_INCORRECT: 'old_password_incorrect',
  PASSWORD_NOT_ALLOWED: 'password_not_allowed',
  MODULE_DISABLED: 'module_disabled',
  /** The email address or mobile number is the one its second factor sends codes to: turn that off first. */
  CONTACT_IN_USE: 'contact_in_use',
  // Games (the product's own)
  GAME_NOT_FOUND: 'game_not_found',
  GAME_MAINTENANCE: 'game_maintenance',
  GAME_TRIAL_UNAVAILABLE: 'game_trial_unavailable',
  LAUNCH_TICKET_INVALID: 'launch_ticket_invalid',
} as const;

/** Every code a /wps answer may carry: the table above and the passkeys' own (passkeys.ts). */
export type ErrorCode =
  | (typeof ErrorCode)[keyof typeof ErrorCode]
  | PasskeyErrorCode
  | SocialErrorCode
  | ReferralErrorCode
  | PromoErrorCode
  | ChatErrorCode
  | TrackingErrorCode
  | WalletErrorCode
  | CashierStaffErrorCode
  | TrustErrorCode
  | MerchantAdminErrorCode
  | OffersAdminErrorCode
  | MemberAdminErrorCode
  | ContentAdminErrorCode
  | GamesAdminErrorCode;
