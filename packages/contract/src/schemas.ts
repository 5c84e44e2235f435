import { z } from 'zod';
import type { EndpointName, EndpointSchema } from './endpoints.js';
import { WHITELABEL_FLAGS } from './flags.js';
import { AD_TRACKING_PARAMS } from './routes.js';
import { COLLECT_VALUE_MAX_BYTES } from './system.js';
import { LOCAL_CAPTCHA_MAX_SAMPLES } from './accounts.js';
import { DEMO_LOTTERY, SEA_LOTTERY_MODE } from './games.js';
import { normalizePromoCode, PROMO_CODE_PATTERN } from './content.js';
import { PASSKEY_NAME_MAX_LENGTH } from './passkeys.js';
import { MAYA_ENVIRONMENTS } from './socialProviders.js';
import { REFERRAL_MAX_PAGE_SIZE, REFERRAL_PAGE_SIZE } from './referral.js';
import { MARKETING_BATCH_MAX, PUSH_TOPIC_PATTERN, TRACKED_MARKETING_EVENTS } from './tracking.js';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_MIN_LENGTH,
  FEEDBACK_SCREENSHOT_MAX_BASE64,
  FEEDBACK_SCREENSHOT_TYPES,
} from './feedback.js';
import {
  MEMBER_MESSAGES_MAX_PAGE_SIZE,
  MEMBER_MESSAGES_PAGE_SIZE,
  RECOVERY_CODE_PATTERN,
} from './memberArea.js';
import {
  ANNOUNCEMENT_MAX_PAGE_SIZE,
  ANNOUNCEMENT_TYPES,
  GAME_CATEGORIES,
  GAME_LIST_MAX_PAGE_SIZE,
  GAME_SEARCH_MAX_LENGTH,
  type AnnouncementType,
  type GameCategory,
} from './games.js';

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Runtime schemas of the /wps calls, for the server to validate what arrives. A separate entry
 * (`@wps/contract/schemas`) keeps zod out of the web app's bundle, which needs only the types.
 */

/** Calls that take no input: any query is ignored. */
export const emptyQuerySchema = z.object({});
/** POSTs that take no input: no body, or an empty object. */
export const emptyBodySchema = z.object({}).optional();

/** The session key: `_` only defeats caches on the way. */
export const sessionKeyQuerySchema = z.object({ _: z.union([z.number(), z.string().max(20)]).optional() });

export const statusQuerySchema = z.object({
  device: z.enum(['MOBILE', 'PC']).optional(),
  track: z.string().max(200).optional(),
  originalDomain: z.string().max(253).optional(),
  url: z.string().max(2048).optional(),
});

export const manifestQuerySchema = z.object({
  merchantCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/i)
    .optional(),
});

export const domainRouteQuerySchema = z.object({ device: z.enum(['MOBILE', 'PC']).optional() });

/** Runtime schema of the flags map, for the client to check what it stores. */
export const whitelabelFlagsSchema = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof WHITELABEL_FLAGS)[number],
    z.ZodBoolean
  >,
);

/**
 * POST /wps/system/collect, sent with navigator.sendBeacon: JSON as application/json, or as
 * text/plain (what sendBeacon sends for a string).
 */
export const collectBodySchema = z
  .object({
    merchant: z.string().max(64).nullish(),
    value: z.union([z.string(), z.record(z.string(), z.unknown())]),
    /** A beacon sends no headers: a signed-in member's session token, which attributes its events. */
    token: z.string().max(1024).optional(),
  })
  .refine(
    (body) =>
      utf8Length(typeof body.value === 'string' ? body.value : JSON.stringify(body.value)) <=
      COLLECT_VALUE_MAX_BYTES,
    {
      message: `value must be at most ${COLLECT_VALUE_MAX_BYTES} bytes`,
      path: ['value'],
    },
  );

// ---- Tracking and push (tracking.ts) ----

const amount = z.number().finite().min(0).max(1e12);
const currencyCode = z.string().regex(/^[A-Z]{3}$/);

/** One marketing event (spec section 3 payload); unknown names and fields are refused. */
export const marketingEventSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  name: z.enum(TRACKED_MARKETING_EVENTS),
  time: z.number().int().min(1_500_000_000_000).max(4_102_444_800_000),
  payload: z.strictObject({
    customerId: z.string().max(64).optional(),
    customerName: z.string().max(64).optional(),
    revenue: amount.optional(),
    value: amount.optional(),
    amount: amount.optional(),
    currency: currencyCode.optional(),
    af_revenue: amount.optional(),
    af_currency: currencyCode.optional(),
    contentId: z.number().int().min(0).max(1_000_000).optional(),
    content: z.string().max(256).optional(),
  }),
  clickIds: z
    .record(z.string().regex(/^[A-Za-z0-9_]{1,32}$/), z.string().max(512))
    .refine((ids) => Object.keys(ids).length <= 24, 'at most 24 click ids')
    .optional(),
});

/** The collect value (or the ping's events JSON) carrying marketing events. */
export const marketingBatchSchema = z.strictObject({
  events: z.array(marketingEventSchema).min(1).max(MARKETING_BATCH_MAX),
});

/** GET /wps/system/test/ping: the events as a JSON string (the beacon's fallback). */
export const pingQuerySchema = z.object({ events: z.string().max(COLLECT_VALUE_MAX_BYTES).optional() });

/** A Web Push subscription as PushSubscription.toJSON() gives it, sent as CSP_fcmBind's registrationToken. */
export const registrationTokenSchema = z.string().min(2).max(2048);

export const pushBindSchema = z.strictObject({ registrationToken: registrationTokenSchema });
export const pushSubscribeSchema = z.strictObject({
  registrationToken: registrationTokenSchema,
  topic: z.string().regex(PUSH_TOPIC_PATTERN),
});
export const pushUnsubscribeSchema = z.strictObject({
  registrationToken: registrationTokenSchema,
  topic: z.string().regex(PUSH_TOPIC_PATTERN).optional(),
  unsubscribeAll: z.boolean().optional(),
});

/** POST /wps/report/push: one message to a member, a topic or everyone (exactly one target). */
/**
 * A segment of members to push to (every criterion given must hold, at least one given): the VIP
 * label, the interface language, registered within a range of UTC days (inclusive).
 */
export const pushSegmentSchema = z
  .strictObject({
    vipLabel: z.string().min(1).max(64).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/)
      .optional(),
    registeredFrom: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    registeredTo: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .refine(
    (segment) => Object.values(segment).some((value) => value !== undefined),
    'a segment needs a criterion',
  );

export const pushSendSchema = z
  .strictObject({
    customerId: z.number().int().min(1).max(2_147_483_647).optional(),
    topic: z.string().regex(PUSH_TOPIC_PATTERN).optional(),
    segment: pushSegmentSchema.optional(),
    everyone: z.literal(true).optional(),
    title: z.string().min(1).max(120),
    body: z.string().max(400).optional(),
    path: z
      .string()
      .max(512)
      .regex(/^\/m\/[\w\-./?=&%]*$/)
      .optional(),
    tag: z.string().max(64).optional(),
  })
  .refine(
    (input) =>
      [input.customerId, input.topic, input.segment, input.everyone].filter((target) => target !== undefined)
        .length === 1,
    'exactly one of customerId, topic, segment, everyone',
  );

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The attribution report's range (UTC days, inclusive). */
export const attributionReportQuerySchema = z.object({ from: isoDay, to: isoDay });

export type StatusQuery = z.infer<typeof statusQuerySchema>;
export type CollectBody = z.infer<typeof collectBodySchema>;

// ---- Member accounts (accounts.ts) ----

const optionalText = (max: number) => z.string().max(max).optional();
const captchaFields = {
  geetestChallenge: optionalText(512),
  geetestSeccode: optionalText(2048),
  geetestValidateV4: optionalText(2048),
};
const dialingCode = z.string().regex(/^\+?[0-9]{1,4}$/, 'a dialing code of 1 to 4 digits');
const mobileNumber = z.string().regex(/^[0-9]{5,15}$/, 'a mobile number of 5 to 15 digits');
const password = z.string().min(1).max(128);
/** Opaque tokens the server hands out (base64url of 32 random bytes). */
const bindTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'a token');

export const loginPayloadSchema = z.object({
  username: optionalText(64),
  password: password.optional(),
  type: z.enum(['sms', 'firebase', 'line', 'telegram', 'username']),
  isSms: z.boolean().optional(),
  countryDialingCode: dialingCode.optional(),
  mobileNum: mobileNumber.optional(),
  firebaseChannel: optionalText(64),
  firebaseIdToken: optionalText(4096),
  lineSessionToken: optionalText(1024),
  telegramAuth: optionalText(4096),
  /** The bind token of a bind_customer_required answer: links that sign-in to this account. */
  bindToken: bindTokenSchema.optional(),
  ...captchaFields,
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
});

const sixDigits = z.string().regex(/^[0-9]{6}$/, '6 digits');

export const loginVerificationSchema = z
  .object({
    verifyToken: z.string().min(16).max(128),
    method: z.enum(['email', 'ga', 'sms', 'recovery']),
    code: z.string().max(11),
  })
  .refine(
    (input) =>
      input.method === 'recovery'
        ? input.code === '' || RECOVERY_CODE_PATTERN.test(input.code)
        : /^([0-9]{6})?$/.test(input.code),
    { path: ['code'], message: 'empty, 6 digits, or a recovery code' },
  );

/**
 * GET /wps/relay/CBS_launchChat (spec section 7): b2c, title, backUrl, language. The back address is
 * kept only when it is an in-app path (the server checks it and drops anything else).
 */
export const launchChatQuerySchema = z.object({
  b2c: z.string().max(16).optional(),
  title: z.string().max(60).optional(),
  backUrl: z.string().max(512).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/)
    .optional(),
});

/**
 * WPSCORE_saveMemberInfoByAuthKey (spec sections 4 and 7): the member's name and pseudo-identifier
 * (merchant plus user id) for the chat; the server checks the identifier is the caller's own.
 */
export const saveChatMemberInfoSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text)),
  pseudoId: z
    .string()
    .max(96)
    .regex(/^[A-Za-z0-9-]+_[0-9]+$/),
});

export const memberMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEMBER_MESSAGES_MAX_PAGE_SIZE)
    .default(MEMBER_MESSAGES_PAGE_SIZE),
});

// ---- referral and agents --------------------------------------------------------------------------

export const referralPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REFERRAL_MAX_PAGE_SIZE).default(REFERRAL_PAGE_SIZE),
});

/** A sub-member an agent creates: the registration's username and password (rules checked by the service). */
export const subAccountSchema = z.object({
  username: z.string().min(1).max(64),
  password,
});

// ---- passkeys (WebAuthn JSON of @simplewebauthn/browser; the server verifies every byte) ----------

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');
/** As the browser reports them (unknown ones are dropped by the server). */
const passkeyTransports = z.array(z.string().max(32)).max(16);
/** Extension outputs: only credProps is read; anything else is dropped by the parse. */
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
};

export const passkeyRegistrationSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16_384),
      authenticatorData: base64url(16_384).optional(),
      transports: passkeyTransports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(4096).optional(),
    }),
  }),
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH).optional(),
});

export const passkeyLoginSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      signature: base64url(1024),
      userHandle: base64url(256).optional(),
    }),
  }),
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
});

const passkeyId = base64url(1024);
export const passkeyRenameSchema = z.object({
  id: passkeyId,
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH),
});
export const passkeyDeleteSchema = z.object({ id: passkeyId });
export const readMessageSchema = z.object({ id: z.number().int().min(1).max(2_147_483_647) });

export const totpCodeSchema = z.object({ code: sixDigits });
/** The authenticator's code, or (the authenticator lost) one of its recovery codes. */
export const totpDisableSchema = z.object({
  code: z.union([sixDigits, z.string().regex(RECOVERY_CODE_PATTERN, 'a recovery code')]),
});

export const codeFactorSchema = z.object({
  method: z.enum(['email', 'sms']),
  enable: z.boolean(),
  code: z.union([z.literal(''), sixDigits]),
});

export const endSessionSchema = z.union([
  z.strictObject({ id: z.number().int().min(1).max(2_147_483_647) }),
  z.strictObject({ others: z.literal(true) }),
]);

const pixelTrackSchema = z.record(z.string().max(64), z.string().max(512));

export const registrationPayloadSchema = z.object({
  username: optionalText(64),
  password: password.optional(),
  countryDialingCode: dialingCode.optional(),
  mobileNum: mobileNumber.optional(),
  smsCode: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
  registerMethod: z.enum(['APP', 'H5', 'WEBCLIP', 'PWA']),
  registerUrl: z.string().max(2048),
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  linkId: optionalText(128),
  affiliateCode: optionalText(64),
  domain: z.string().max(253),
  referralCode: optionalText(64),
  login: z.boolean(),
  smsTemplate: optionalText(64),
  ...captchaFields,
  firebaseChannel2: optionalText(64),
  firebaseIdToken2: optionalText(4096),
  lineSessionToken: optionalText(1024),
  telegramAuth: optionalText(4096),
  /** The bind token of a bind_customer_required answer: the new account is linked to that sign-in. */
  bindToken: bindTokenSchema.optional(),
  pixelTrack: pixelTrackSchema
    .refine((track) => Object.keys(track).length <= 32, 'at most 32 entries')
    .nullable(),
  /** Ad-tracking info (spec section 3), read on arrival; absent when none was given. */
  adTracking: z
    .strictObject(
      Object.fromEntries(
        Object.values(AD_TRACKING_PARAMS).map((field) => [field, optionalText(256)]),
      ) as Record<
        (typeof AD_TRACKING_PARAMS)[keyof typeof AD_TRACKING_PARAMS],
        ReturnType<typeof optionalText>
      >,
    )
    .optional(),
});

export const captchaChallengeQuerySchema = z.object({
  t: z.string().max(20).optional(),
  /** The captcha's language (a captcha language code of spec section 9). */
  lang: z.string().max(16).optional(),
});

/** One point of a slider drag: ms since the drag began, and the piece's x then (CSS px). */
const captchaSampleSchema = z.object({
  t: z.number().finite().min(0).max(3_600_000),
  x: z.number().finite().min(-1000).max(10_000),
});

export const captchaVerifySchema = z.object({
  challenge: z.string().min(8).max(128),
  x: z.number().finite().min(-1000).max(10_000),
  durationMs: z.number().int().min(0).max(3_600_000),
  /** The drag, in time order; its shape is the server's check (services/captcha/trajectory.ts). */
  samples: z.array(captchaSampleSchema).max(LOCAL_CAPTCHA_MAX_SAMPLES),
});

export const smsRequestSchema = z.object({
  countryDialingCode: dialingCode,
  mobileNum: mobileNumber,
  purpose: z.enum(['register', 'login', 'reset']).optional(),
  ...captchaFields,
});

export const languagePayloadSchema = z.object({
  // Two or three letters, or a regional code (PT-BR, UR-LA).
  language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/),
  merchantCode: optionalText(32),
});

/** The text is trimmed first; the screenshot's bytes are checked by the server (type, size, signature). */
export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string().trim().min(FEEDBACK_MESSAGE_MIN_LENGTH).max(FEEDBACK_MESSAGE_MAX_LENGTH),
  screenshot: z
    .object({
      type: z.enum(FEEDBACK_SCREENSHOT_TYPES),
      data: z
        .string()
        .min(4)
        .max(FEEDBACK_SCREENSHOT_MAX_BASE64)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/),
    })
    .optional(),
});

/** `oldPassword` proves the member; a member registered by a social sign-in alone has none to give. */
export const changePasswordSchema = z.object({ oldPassword: password.optional(), newPassword: password });

export const passwordResetEmailSchema = z.object({
  username: z.string().min(1).max(64),
  email: z.string().email().max(254),
  code: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
  newPassword: password.optional(),
});

export const passwordResetSmsSchema = z.object({
  countryDialingCode: dialingCode,
  mobileNum: mobileNumber,
  code: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
  newPassword: password.optional(),
});

export const outboxQuerySchema = z.object({
  mobileNum: mobileNumber.optional(),
  email: z.string().max(254).optional(),
});

// ---- game catalogue and lobby content (read side) ---------------------------------------------

/**
 * A positive whole number sent in a query string (Fastify hands query values over as strings). Zero,
 * negatives and values over `max` are refused rather than clamped, so a client bug shows as a 400.
 */
function pageNumber(max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?[0-9]{1,9}$/, 'a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(max));
}

const platformParam = z.literal('M').optional();

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * Free query text without control characters: PostgreSQL text cannot hold NUL, so a `%00` that
 * reached a query would fail in the database (a 500) instead of here (a 400).
 */
function queryText(max: number) {
  return z.string().max(max).regex(NO_CONTROL_CHARACTERS, 'no control characters');
}

export const gameListQuerySchema = z.object({
  category: z.enum(GAME_CATEGORIES as [GameCategory, ...GameCategory[]]).optional(),
  vendor: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/)
    .optional(),
  // Trimmed before the length check; an all-blank search is no search.
  search: z
    .string()
    .transform((text) => text.trim())
    .pipe(queryText(GAME_SEARCH_MAX_LENGTH))
    .optional(),
  page: pageNumber(100_000).optional(),
  pageSize: pageNumber(GAME_LIST_MAX_PAGE_SIZE).optional(),
});

/** GCSGAME_newGameVendor: the logo format (spec section 7: webp or avif; png when absent). */
export const vendorListQuerySchema = z.object({ ext: z.enum(['webp', 'avif']).optional() });

export const bannerListQuerySchema = z.object({ platform: platformParam });

export const popupAnnouncementQuerySchema = z.object({ platform: platformParam });

/** Issue 15: a promo code (case-insensitive, trimmed; content.ts) and the promotion it was entered on. */
export const promoCodeClaimSchema = z.object({
  code: z.string().max(64).transform(normalizePromoCode).pipe(z.string().regex(PROMO_CODE_PATTERN)),
  promotionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

/** WPSCORE_getDownloadSetting: the asking domain (the merchant is the host's either way). */
export const downloadSettingQuerySchema = z.object({
  domain: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(?::[0-9]{1,5})?$/)
    .optional(),
});

export const announcementListQuerySchema = z.object({
  /** A comma-separated list of AnnouncementType, each at most once. */
  types: z
    .string()
    .max(40)
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(z.enum(ANNOUNCEMENT_TYPES as [AnnouncementType, ...AnnouncementType[]]))
        .min(1)
        .refine((types) => new Set(types).size === types.length, 'each type at most once'),
    ),
  platform: platformParam,
  category: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  // Any id a link may carry (the client allows 64 characters); one that names no row finds nothing.
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  page: pageNumber(100_000).optional(),
  pageSize: pageNumber(ANNOUNCEMENT_MAX_PAGE_SIZE).optional(),
});

// ---- game launch, the demo game and the member's game lists (launch engineer's block) ----------

const gameCodeText = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, '1 to 100 letters, digits, _ . : -');
/** A game row id: an integer column, so ids past 2^31 - 1 are refused here, not by the database. */
const gameIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'a game id')
  .refine((text) => Number(text) <= 2_147_483_647, 'a game id');
/** The launch's back URL: any text here; the server keeps it only when it is a safe /m/ path. */
const backUrlText = z.string().max(65_536).optional();

/**
 * GET /wps/game/launchGame (LaunchGameQuery): a lottery launch (launchMode LOTT with lottoPrizeMode,
 * or lottoMode SEA_Tradition_Mobile) names lottoGameCode, except for the lobby view (lottoView
 * lobby); a vendor launch names vendor and gameCode.
 */
export const launchGameQuerySchema = z
  .object({
    launchMode: z.literal('LOTT').optional(),
    lottoArea: queryText(64).optional(),
    lottoPrizeMode: queryText(64).optional(),
    lottoMode: z.literal(SEA_LOTTERY_MODE).optional(),
    lottoGameCode: gameCodeText.optional(),
    lottoView: z.enum(['betting', 'lobby']).optional(),
    vendor: gameCodeText.optional(),
    gameCode: gameCodeText.optional(),
    prizeMode: queryText(64).optional(),
    device: queryText(16).optional(),
    backUrl: backUrlText,
    // A query string carries it as text; the client's type lets it pass the boolean.
    hasLobby: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    language: queryText(16).optional(),
    title: queryText(200).optional(),
    labelName: queryText(200).optional(),
  })
  .refine(
    (query) =>
      query.launchMode !== undefined || query.lottoMode !== undefined
        ? query.lottoGameCode !== undefined || query.lottoView === 'lobby'
        : query.vendor !== undefined && query.gameCode !== undefined,
    'a lottery launch needs lottoGameCode (except the lobby view); any other launch needs vendor and gameCode',
  );

/** GET /wps/relay/GCS_gameTrialLaunch (TrialLaunchQuery), with an optional backUrl. */
export const trialLaunchQuerySchema = z.object({
  gameId: gameIdText,
  nodeId: z.string().min(1).max(64),
  platform: z.literal('html5'),
  backUrl: backUrlText,
  language: queryText(16).optional(),
});

/** POST /wps/relay/toggleFavoriteGame (FavouriteToggle). */
export const favouriteToggleSchema = z.object({ gameId: gameIdText, favourite: z.boolean() });

/** POST /demo-game/api/redeem: the launch ticket from the game URL. */
export const demoRedeemSchema = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });

/** POST /demo-game/api/round: DEMO_LOTTERY.pickCount distinct numbers of 1..numberMax and a stake. */
export const demoRoundSchema = z.object({
  picks: z
    .array(z.number().int().min(1).max(DEMO_LOTTERY.numberMax))
    .length(DEMO_LOTTERY.pickCount)
    .refine((picks) => new Set(picks).size === picks.length, 'the numbers must differ'),
  stake: z
    .number()
    .int()
    .refine((stake) => (DEMO_LOTTERY.stakes as readonly number[]).includes(stake), 'a stake of the list'),
});

// ---- social sign-in (social.ts) ----

const loginDevice = {
  loginDeviceId: z.string().max(64),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
};
/** What a social login carries for an account it registers (spec section 7). */
const socialRegistrationFields = {
  registerUrl: optionalText(2048),
  affiliateCode: optionalText(64),
  domain: optionalText(253),
  referralCode: optionalText(64),
  linkId: optionalText(128),
};

/** POST /wps/session/login/line: the token `verifyLineCode` answered. */
export const lineLoginSchema = z.object({
  lineSessionToken: z.string().min(1).max(1024),
  ...loginDevice,
});

/**
 * POST /wps/session/login/telegram. `telegramAuth`: the widget's auth result as JSON text or as base64
 * of that JSON (`#tgAuthResult=`), or the mini app's `initData` query string as it is.
 */
export const telegramLoginSchema = z.object({
  telegramAuth: z.string().min(1).max(4096),
  ...socialRegistrationFields,
  ...loginDevice,
});

/** POST /wps/session/login/maya: the wallet's one-time session id and environment. */
export const mayaLoginSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_.~-]{8,1024}$/, 'a session id'),
  env: z.enum(MAYA_ENVIRONMENTS),
  ...socialRegistrationFields,
  ...loginDevice,
});

/** WPS3RD_verifyLineCode: `code` + `redirectUri` + `codeVerifier` (redirect flow), or `accessToken` (in the LINE app). */
export const verifyLineCodeSchema = z.union([
  z.object({
    code: z.string().regex(/^[A-Za-z0-9_.~-]{1,512}$/, 'a code'),
    redirectUri: z.string().min(1).max(2048),
    codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'a PKCE verifier of 43 to 128 characters'),
  }),
  z.object({ accessToken: z.string().regex(/^[A-Za-z0-9_.~+/=-]{1,2048}$/, 'an access token') }),
]);

export const refreshMayaTokensSchema = z.object({ env: z.enum(MAYA_ENVIRONMENTS) });

/** POST /wps/member/signIns/unlink: the id of one of the member's linked sign-ins. */
export const unlinkSignInSchema = z.object({
  // A database id: a positive 32-bit integer, as text.
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'an id')
    .refine((id) => Number(id) <= 2_147_483_647, 'an id'),
});

// ---- the endpoint table's schemas --------------------------------------------------------------

/**
 * Each endpoint's input schema, by the endpoint's name (`endpoints.ts`). The type requires every
 * endpoint to be here with exactly the schema its entry names, so the table and this map cannot
 * drift apart.
 */
export const endpointSchemas: { readonly [Name in EndpointName]: EndpointSchema<Name> } = {
  sessionKey: sessionKeyQuerySchema,
  login: loginPayloadSchema,
  loginVerification: loginVerificationSchema,
  logout: emptyBodySchema,
  register: registrationPayloadSchema,
  registerMobile: registrationPayloadSchema,
  registerAutoUsername: emptyBodySchema,
  memberInfo: emptyQuerySchema,
  memberLanguage: languagePayloadSchema,
  feedback: feedbackSchema,
  linkedSignIns: emptyQuerySchema,
  unlinkSignIn: unlinkSignInSchema,
  loginLine: lineLoginSchema,
  loginTelegram: telegramLoginSchema,
  loginMaya: mayaLoginSchema,
  verifyLineCode: verifyLineCodeSchema,
  refreshMayaTokens: refreshMayaTokensSchema,
  telegramLoginSetting: emptyQuerySchema,
  customerServiceScript: emptyQuerySchema,
  changePassword: changePasswordSchema,
  passwordResetEmail: passwordResetEmailSchema,
  passwordResetSms: passwordResetSmsSchema,
  rankProgress: emptyQuerySchema,
  unreadCount: emptyQuerySchema,
  launchChat: launchChatQuerySchema,
  saveChatMemberInfo: saveChatMemberInfoSchema,
  memberMessages: memberMessagesQuerySchema,
  readMemberMessage: readMessageSchema,
  securityStatus: emptyQuerySchema,
  totpSetup: emptyBodySchema,
  totpConfirm: totpCodeSchema,
  totpDisable: totpDisableSchema,
  codeFactor: codeFactorSchema,
  memberSessions: emptyQuerySchema,
  endMemberSession: endSessionSchema,
  captcha: captchaChallengeQuerySchema,
  captchaVerify: captchaVerifySchema,
  smsCode: smsRequestSchema,
  devSmsOutbox: outboxQuerySchema,
  devMailOutbox: outboxQuerySchema,
  status: statusQuerySchema,
  settings: emptyQuerySchema,
  country: emptyQuerySchema,
  domainRoute: domainRouteQuerySchema,
  collect: collectBodySchema,
  ping: pingQuerySchema,
  pushPublicKey: emptyQuerySchema,
  fcmBind: pushBindSchema,
  fcmSubscribe: pushSubscribeSchema,
  fcmUnsubscribe: pushUnsubscribeSchema,
  attributionReport: attributionReportQuerySchema,
  pushSend: pushSendSchema,
  launchGame: launchGameQuerySchema,
  trialLaunch: trialLaunchQuerySchema,
  gameList: gameListQuerySchema,
  hotGames: emptyQuerySchema,
  gameVendor: emptyQuerySchema,
  newGameVendor: vendorListQuerySchema,
  gameMatches: emptyQuerySchema,
  rankList: emptyQuerySchema,
  recentGames: emptyQuerySchema,
  favouriteGames: emptyQuerySchema,
  toggleFavourite: favouriteToggleSchema,
  announcements: announcementListQuerySchema,
  banners: bannerListQuerySchema,
  popupAnnouncement: popupAnnouncementQuerySchema,
  promotionCategories: emptyQuerySchema,
  promoCodeEnable: emptyQuerySchema,
  claimPromoCode: promoCodeClaimSchema,
  downloadSetting: downloadSettingQuerySchema,
  passkeyRegistrationOptions: emptyBodySchema,
  passkeyRegistration: passkeyRegistrationSchema,
  passkeys: emptyQuerySchema,
  passkeyRename: passkeyRenameSchema,
  passkeyDelete: passkeyDeleteSchema,
  passkeyLoginOptions: emptyBodySchema,
  passkeyLogin: passkeyLoginSchema,
  availablePromotions: emptyQuerySchema,
  memberPromotions: emptyQuerySchema,
  referralInfo: emptyQuerySchema,
  referralFriends: referralPageQuerySchema,
  agentInfo: emptyQuerySchema,
  agentSubAccounts: referralPageQuerySchema,
  agentCreateSubAccount: subAccountSchema,
};
