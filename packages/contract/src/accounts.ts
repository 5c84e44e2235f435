/**
 * Member accounts (spec sections 3, 4, 5): login, second factor, registration, captcha, SMS codes,
 * member info, password change and reset. Field names are the spec's; where the spec says "not
 * shown" the shape is this product's own.
 */

import type { LimitOffer } from './trust.js';

/**
 * The password mobile registration sends when the merchant's MOBILENUMPWD3 option is off (spec
 * section 5, "{secret}"). The server flags accounts registered with it, so their login reports a
 * forced change (`mustChangePassword`), and never accepts it as a chosen password.
 */
export const DEFAULT_MOBILE_REGISTRATION_PASSWORD = 'Mobile#Reg0';

/**
 * Development mode (server DEV_MODE=1, never in production): every slider puzzle has its gap at
 * this x, `DEV_CAPTCHA_PASS` is accepted wherever a captcha pass is, and every SMS / email code is
 * `DEV_VERIFICATION_CODE`.
 */
export const DEV_CAPTCHA_ANSWER_X = 120;
export const DEV_CAPTCHA_PASS = 'dev-mode-captcha-pass';
export const DEV_VERIFICATION_CODE = '000000';

/**
 * Password and username rules the server applies (spec section 5 leaves them to the product); the
 * web forms show and check the same values as the member types.
 */
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 20;
/** The characters a username may have: letters A–Z and a–z, digits and underscores. */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9_]*$/;
export const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`);

/**
 * The phone rules the server applies to every mobile number it takes (registration, SMS login and
 * reset, the member's own number): a dialing code of 1 to 4 digits (a leading plus allowed) and a
 * national number of 5 to 15 digits, nothing else. The web forms check the same patterns.
 */
export const DIALING_CODE_PATTERN = /^\+?[0-9]{1,4}$/;
export const MOBILE_NUMBER_MIN_LENGTH = 5;
export const MOBILE_NUMBER_MAX_LENGTH = 15;
export const MOBILE_NUMBER_PATTERN = new RegExp(
  `^[0-9]{${MOBILE_NUMBER_MIN_LENGTH},${MOBILE_NUMBER_MAX_LENGTH}}$`,
);
/** The longest email address the server takes (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;
/** A chosen password also needs a letter (A–Z or a–z) and a digit (0–9). */
export const PASSWORD_LETTER = /[A-Za-z]/;
export const PASSWORD_DIGIT = /[0-9]/;

export type LoginType = 'sms' | 'firebase' | 'line' | 'telegram' | 'username';
export type LoginDevice = 'IPAD' | 'PWA' | 'WEBCLIP';

export interface LoginResult {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  id: string;
  userName: string;
  customerType: number;
  /**
   * The server's own verdict: first-time login, the default mobile-registration password, or an
   * expired password (any of them sends the member to /m/changePsw). Optional for older servers.
   */
  mustChangePassword?: boolean;
  /**
   * The merchant's terms version the member has not accepted yet (issue 29): the client shows the
   * terms with an accept button before anything else, and deposits and play are refused
   * (rg_terms_required) until it is accepted. Absent or null: nothing to accept.
   */
  termsToAccept?: number | null;
}

/** `recovery`: one of the authenticator's recovery codes, in place of its code (once each). */
export type SecondFactorMethod = 'email' | 'ga' | 'sms' | 'recovery';

/** The data of a `login_verify_required` failure: what the second-factor dialog asks for. */
export interface LoginVerifyRequired {
  /** Opaque, single-use, short-lived reference to the half-done login. */
  verifyToken: string;
  methods: SecondFactorMethod[];
  /** Masked destination for email / sms codes, e.g. "a***@example.com", "+63 ••• 4567". */
  maskedEmail: string | null;
  maskedMobile: string | null;
}

export type RegisterMethod = 'APP' | 'H5' | 'WEBCLIP' | 'PWA';

/** Tracking and click ids of spec section 3; the whole object is null when every one is empty. */
export type PixelTrack = {
  tid?: string;
  kwaiPixelId?: string;
  kwaiClickId?: string;
  kw?: string;
  fbc?: string;
  fbp?: string;
  tiktok?: string;
  twitter?: string;
  gtag?: string;
  gtm?: string;
  okspi?: string;
  mgs?: string;
  phx?: string;
  devils?: string;
  macan?: string;
  voluum?: string;
  utm_source?: string;
};

export interface RegistrationResult {
  token: string | null;
  customerId: string;
  userName: string;
  customerName: string;
  firstTimeLogin: boolean;
  customerType: number;
}

/** GET /wps/captcha/geetest?t= : the slider puzzle (the local provider) or a Geetest challenge. */
export interface CaptchaChallenge {
  gt: string;
  challenge: string;
  newCaptcha: boolean;
  /** The local provider's puzzle; absent for the real Geetest service. */
  puzzle?: {
    /** Background with the gap, and the piece, as data URLs. */
    background: string;
    piece: string;
    width: number;
    height: number;
    pieceY: number;
  };
}

export interface SmsRequestResult {
  /** Seconds before another code may be requested. */
  resendAfter: number;
  /** Seconds the code is valid. */
  expiresIn: number;
}

/** GET /wps/member/info. */
export interface MemberInfo {
  id: string;
  account: string;
  /** 1 or 2: agent; 4: no language sync. */
  type: number;
  language: string;
  clubLabel: { labelName: string; type: string; rankLevel: number; labelId: string } | null;
  /**
   * The offer to set a deposit limit the merchant's profile makes (issue 29): `now` at the first
   * page after registration, `at_deposit` on the deposit page before the first deposit; null once
   * answered or a deposit limit is set. Absent from servers that do not make it.
   */
  limitOffer?: LimitOffer | null;
  /** As LoginResult's: the terms version still to accept; absent or null: nothing to accept. */
  termsToAccept?: number | null;
}

/**
 * GET /wps/relay/MCSFE_getPlayerRankProgress (spec section 7): how many of the conditions of the
 * member's VIP rank are met, and the member's label (null without one).
 */
export interface PlayerRankProgress {
  currentProgress: { completedConditions: number; totalExpectedConditions: number };
  playerRankProgress: { labelId: string | null };
}

/** GET /wps/relay/CBS_unreadCount: the member's unread customer-service messages. */
export interface UnreadCount {
  count: number;
}

/** A one-time pass, valid 2 minutes, sent as geetestSeccode or geetestValidateV4 (either works). */
export interface CaptchaVerifyResult {
  geetestChallenge: string;
  geetestSeccode: string;
  geetestValidateV4: string;
}

/** POST /wps/member/register/autoUsername: a free username suggestion. */
export interface AutoUsernameResult {
  username: string;
}

/** A message of the local SMS or mail provider (development outboxes only). */
export interface OutboxMessage {
  destination: string;
  text: string;
  createdAt: string;
}

/**
 * Answer of a code request (SMS, email, second-factor send): the same whether or not an account
 * exists behind the destination.
 */
export type CodeSentResult = SmsRequestResult;

/**
 * The local slider puzzle's size in CSS pixels (the form reserves it while a puzzle loads) and its
 * piece's frame (the piece itself, knobs included, about 50); the images are drawn at `density`
 * device pixels per CSS pixel, sharp on phone screens. The form scales the picture to its width (and
 * the slider's track with it), so on a 360 px phone the piece is still about 45 px wide.
 */
export const LOCAL_CAPTCHA_PUZZLE_SIZE = { width: 340, height: 190, piece: 56, density: 2 } as const;

/**
 * How far the piece travels: from 0 (its left edge on the picture's) to the picture's width less the
 * piece's, where its right edge meets the picture's. The slider's value is the piece's x, in these
 * units, whatever the size the picture is shown at.
 */
export const LOCAL_CAPTCHA_MAX_X = LOCAL_CAPTCHA_PUZZLE_SIZE.width - LOCAL_CAPTCHA_PUZZLE_SIZE.piece;

/**
 * GET /wps/captcha/text: the slider's alternative for people who cannot see the picture (a screen
 * reader's user): "what is `a` plus `b`?", asked in the interface's language by the form. Verified by
 * the server (POST /wps/captcha/text/verify), once, within the slider's time, for the same pass.
 */
export interface CaptchaTextChallenge {
  challenge: string;
  a: number;
  b: number;
}

/**
 * The least time (ms) between the text question's issue and its answer: a person hears or reads the
 * question and types; a script answering at once is refused (the answer is spent).
 */
export const CAPTCHA_TEXT_MIN_ANSWER_MS = 2_000;

/**
 * At most this many points of the drag go with a slider verify (`samples`); the slider thins a longer
 * drag down to it, keeping its shape.
 */
export const LOCAL_CAPTCHA_MAX_SAMPLES = 200;
