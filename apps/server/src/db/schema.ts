import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnnouncementPopup, GameLaunchTarget } from '@wps/contract/games';
import type { AvailablePromotion } from '@wps/contract/referral';
import type { FeedbackCategory, FeedbackScreenshotType } from '@wps/contract/feedback';
import type { LanguageCode } from '@wps/contract/languages';
import type { MobileTemplate } from '@wps/contract/system';
import type { PasskeyTransport } from '@wps/contract/passkeys';
import type { WhitelabelFlag } from '@wps/contract/flags';
import type { MerchantPublicSettings, MerchantSecrets } from './json-types.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const countries = pgTable(
  'countries',
  {
    /** ISO 3166-1 alpha-2. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** Without the plus sign. */
    dialingCode: text('dialing_code').notNull(),
  },
  (table) => [
    check('countries_code_format', sql`${table.code} ~ '^[A-Z]{2}$'`),
    check('countries_dialing_code_format', sql`${table.dialingCode} ~ '^[0-9]{1,4}$'`),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    defaultLanguage: text('default_language').$type<LanguageCode>().notNull(),
    languages: jsonb('languages').$type<LanguageCode[]>().notNull(),
    currency: text('currency').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    currencyPosition: text('currency_position', { enum: ['before', 'after'] }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** Only the flags that are set; the answer lays them over allFlagsOff(). */
    flags: jsonb('flags').$type<Partial<Record<WhitelabelFlag, boolean>>>().notNull().default({}),
    template: jsonb('template').$type<MobileTemplate>().notNull(),
    publicSettings: jsonb('public_settings').$type<MerchantPublicSettings>().notNull(),
    /** Never selected into an answer. */
    secrets: jsonb('secrets').$type<MerchantSecrets>().notNull().default({}),
    maintenanceStart: timestamp('maintenance_start', { withTimezone: true }),
    /** Null with a start: maintenance until further notice. */
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    /** Callers from these CIDRs are restricted. */
    regionBlockedCidrs: jsonb('region_blocked_cidrs').$type<string[]>().notNull().default([]),
    /** When set, only callers from these CIDRs are allowed. */
    regionAllowedCidrs: jsonb('region_allowed_cidrs').$type<string[]>(),
    /** The one host where search engines may index the app. */
    mainHost: text('main_host').notNull(),
    /** Sessions answer token_ip_different when used from another ip than the login's. */
    sessionIpBinding: boolean('session_ip_binding').notNull().default(false),
    /**
     * The promotion programs the backend runs (issue 15): the REFERRAL and APP_DOWNLOAD flags and
     * bonuses the promotions calls answer; a program not listed is off.
     */
    promotionPrograms: jsonb('promotion_programs').$type<AvailablePromotion[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('merchants_code_format', sql`${table.code} ~ '^[a-z0-9][a-z0-9-]{0,31}$'`),
    check(
      'merchants_maintenance_window',
      sql`${table.maintenanceEnd} IS NULL OR ${table.maintenanceStart} IS NULL OR ${table.maintenanceEnd} > ${table.maintenanceStart}`,
    ),
  ],
);

export const merchantDomains = pgTable(
  'merchant_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    domain: text('domain').notNull().unique(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Listed domains are the ones the domainRoute call hands out. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('merchant_domains_merchant_idx').on(table.merchantId),
    check('merchant_domains_lowercase', sql`${table.domain} = lower(${table.domain})`),
  ],
);

export const merchantCountries = pgTable(
  'merchant_countries',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** Display order in the country picker. */
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.countryCode] })],
);

export const collectedEvents = pgTable(
  'collected_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The merchant the client said it was on, kept as sent for troubleshooting. */
    reportedMerchant: text('reported_merchant'),
    value: jsonb('value').$type<Record<string, unknown> | string>().notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('collected_events_merchant_created_idx').on(table.merchantId, table.createdAt)],
);

/**
 * RSA key pairs of the payload encryption (packages/contract encryption.ts), shared by every
 * instance. Rows never change once written: a key is handed out until `current_until` and opens
 * payloads until `accepted_until`.
 */
export const rsaKeys = pgTable(
  'rsa_keys',
  {
    /** The key id clients send back in X-RSA. */
    id: text('id').primaryKey(),
    /** 1, 2, 3, … in rotation order; unique, so instances rotating together insert one next key. */
    sequence: integer('sequence').notNull().unique(),
    /** SPKI DER, base64. */
    publicKey: text('public_key').notNull(),
    /** PKCS#8 DER sealed with AES-256-GCM under a key derived from SECRET_KEY (see services/keys). */
    privateKeySealed: text('private_key_sealed').notNull(),
    /** Names the SECRET_KEY that sealed the private key, so a changed secret is noticed, not guessed at. */
    sealedWith: text('sealed_with').notNull(),
    currentUntil: timestamp('current_until', { withTimezone: true }).notNull(),
    acceptedUntil: timestamp('accepted_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('rsa_keys_id_format', sql`${table.id} ~ '^[A-Za-z0-9_-]{1,64}$'`),
    check('rsa_keys_accepted_after_current', sql`${table.acceptedUntil} >= ${table.currentUntil}`),
  ],
);

/** Fixed-window request counters per client and route, shared by every instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `{ip} {GET|POST} {route}`. */
    bucket: text('bucket').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('rate_limits_window_start_idx').on(table.windowStart)],
);

/** Members, per merchant: the same username in two merchants is two accounts. */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** As registered; uniqueness is case-insensitive (index on lower(username)). */
    username: text('username').notNull(),
    /** Dialing code without the plus sign, and the national number; both or neither. */
    countryDialingCode: text('country_dialing_code'),
    mobileNum: text('mobile_num'),
    email: text('email'),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** 0 player, 1 or 2 agent, 4 no language sync. */
    customerType: integer('customer_type').notNull().default(0),
    firstTimeLogin: boolean('first_time_login').notNull().default(false),
    /** Registered with DEFAULT_MOBILE_REGISTRATION_PASSWORD and not changed since. */
    defaultPassword: boolean('default_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    language: text('language'),
    /** Base32 TOTP secret sealed with the key-encryption key; null: no authenticator. */
    totpSecretSealed: text('totp_secret_sealed'),
    /**
     * An authenticator being set up (settings and security): its secret sealed (AAD `totp-pending:{id}`)
     * until a right code confirms it.
     */
    totpPendingSealed: text('totp_pending_sealed'),
    /**
     * Authenticator codes tried in settings (confirming or turning it off): each try is taken before
     * the code is checked, at most a few per window counted from `totp_tries_since`; a right code resets.
     */
    totpTries: integer('totp_tries').notNull().default(0),
    totpTriesSince: timestamp('totp_tries_since', { withTimezone: true }),
    emailTwoFactor: boolean('email_two_factor').notNull().default(false),
    smsTwoFactor: boolean('sms_two_factor').notNull().default(false),
    /** Sessions of this account are bound to the login's ip (besides the merchant's setting). */
    sessionIpBinding: boolean('session_ip_binding').notNull().default(false),
    /**
     * False for a member registered by a social sign-in alone: the stored hash is of a random secret
     * nobody knows, so only a linked sign-in (or a password reset) opens the account.
     */
    hasPassword: boolean('has_password').notNull().default(true),
    registerMethod: text('register_method'),
    registerUrl: text('register_url'),
    registerIp: text('register_ip'),
    affiliateCode: text('affiliate_code'),
    referralCode: text('referral_code'),
    /** The member's own referral code (issue 15), made on first ask; unique within the merchant. */
    ownReferralCode: text('own_referral_code'),
    /** The member of the same merchant whose referral code this one registered with. */
    referrerId: integer('referrer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    /** The agent (member type 1 or 2) this member is a sub-account of: registered by its link or created by it. */
    parentAgentId: integer('parent_agent_id').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    linkId: text('link_id'),
    pixelTrack: jsonb('pixel_track').$type<Record<string, string>>(),
    /** Ad-tracking info of the registration (spec section 3: adAppToken, gpsAdid, …). */
    adTracking: jsonb('ad_tracking').$type<Record<string, string>>(),
    /**
     * The member's VIP club label (member info's clubLabel, rank progress's labelId); the id and
     * name are both set or both null (no label).
     */
    clubLabelId: text('club_label_id'),
    clubLabelName: text('club_label_name'),
    /** VIP rank level of the label; 0 without one. */
    rankLevel: integer('rank_level').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('customers_merchant_username_idx').on(table.merchantId, sql`lower(${table.username})`),
    uniqueIndex('customers_merchant_mobile_idx').on(
      table.merchantId,
      table.countryDialingCode,
      table.mobileNum,
    ),
    index('customers_merchant_email_idx').on(table.merchantId, sql`lower(${table.email})`),
    uniqueIndex('customers_merchant_own_referral_code_idx').on(table.merchantId, table.ownReferralCode),
    index('customers_referrer_idx').on(table.referrerId, table.createdAt),
    index('customers_parent_agent_idx').on(table.parentAgentId, table.createdAt),
    check('customers_mobile_pair', sql`(${table.countryDialingCode} IS NULL) = (${table.mobileNum} IS NULL)`),
    check(
      'customers_club_label_pair',
      sql`(${table.clubLabelId} IS NULL) = (${table.clubLabelName} IS NULL)`,
    ),
    check('customers_rank_level_range', sql`${table.rankLevel} >= 0`),
    // Nobody refers themselves nor is their own agent.
    check(
      'customers_not_own_referrer',
      sql`(${table.referrerId} IS NULL OR ${table.referrerId} <> ${table.id}) AND (${table.parentAgentId} IS NULL OR ${table.parentAgentId} <> ${table.id})`,
    ),
  ],
);

/** Login sessions: only the SHA-256 of the token is stored. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    bindIp: boolean('bind_ip').notNull(),
    /** The browser's User-Agent at login (cut to 256 characters): the device the member sees in the list. */
    userAgent: text('user_agent'),
    /** The last request the session authenticated. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('customer_sessions_customer_idx').on(table.customerId)],
);

/**
 * One-time recovery codes of an authenticator second factor: the HMAC of each (CodeHasher, bound to
 * the member), shown to the member once; a code signs in once in place of the authenticator's.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_customer_idx').on(table.customerId)],
);

/** Slider puzzles of the local captcha provider, and the one-time passes they hand out. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    challenge: text('challenge').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    answerX: integer('answer_x').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the one verify attempt a puzzle allows, right or wrong. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** SHA-256 of the pass handed out on a right answer. */
    passHash: text('pass_hash').unique(),
    passExpiresAt: timestamp('pass_expires_at', { withTimezone: true }),
    passUsedAt: timestamp('pass_used_at', { withTimezone: true }),
  },
  (table) => [index('captcha_challenges_expires_idx').on(table.expiresAt)],
);

/** SMS and email codes: hashed, single use, expiring, with an attempt counter; and the asks that sent none. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** `{dialing code} {number}` or the lower-cased email address. */
    destination: text('destination').notNull(),
    purpose: text('purpose', { enum: ['register', 'login', 'reset', 'second_factor', 'security'] }).notNull(),
    /** HMAC-SHA-256 of the code, keyed by the server secret and bound to the row's destination. */
    codeHash: text('code_hash').notNull(),
    /** For reset and second factor: the account the code was sent for. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * False: the request named no account, so no code was sent and none is accepted; the row is kept
     * so the resend interval and the hourly cap answer for any destination as they do for a member's.
     */
    sent: boolean('sent').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('verification_codes_lookup_idx').on(
      table.merchantId,
      table.channel,
      table.destination,
      table.purpose,
      table.createdAt,
    ),
  ],
);

/** What the local SMS and mail providers "sent" (read back only in development mode). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_messages_destination_idx').on(table.channel, table.destination)],
);

/** Logins waiting for their second factor: the verify token hashed, single use, 5 minutes. */
export const pendingLogins = pgTable('pending_logins', {
  tokenHash: text('token_hash').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  ip: text('ip').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** A social sign-in to link when the second step completes (a login that carried a bind token). */
  socialIdentity: jsonb('social_identity').$type<{
    provider: string;
    subject: string;
    displayName: string | null;
    pictureUrl: string | null;
  }>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Members' passkeys (WebAuthn credentials): per merchant, bound to the relying party (a domain of the
 * merchant) they were created on. The public key is the COSE key the authenticator gave, base64url.
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen; 0 for authenticators that keep none. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<PasskeyTransport[]>().notNull().default([]),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** The WebAuthn user handle of the member (base64url), the same for all their passkeys. */
    userHandle: text('user_handle').notNull(),
    /** The relying party id (a domain of the merchant) the passkey was created for. */
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkey_credentials_merchant_credential_idx').on(table.merchantId, table.credentialId),
    index('passkey_credentials_customer_idx').on(table.customerId),
    check('passkey_credentials_counter_range', sql`${table.counter} >= 0`),
  ],
);

/**
 * Challenges handed out for a passkey registration (bound to the member's session) or a sign-in
 * (bound to the attempt: the challenge itself), on one relying party; SHA-256 stored, single use, short-lived.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    rpId: text('rp_id').notNull(),
    /** Registration: the member and the session that asked. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => customerSessions.id, { onDelete: 'cascade' }),
    /** Registration: the user handle the options carried. */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('passkey_challenges_expires_idx').on(table.expiresAt),
    check(
      'passkey_challenges_registration_owner',
      sql`${table.purpose} <> 'registration' OR (${table.customerId} IS NOT NULL AND ${table.sessionId} IS NOT NULL AND ${table.userHandle} IS NOT NULL)`,
    ),
  ],
);

/** Customer-service messages to a member (the inbox whose unread count CBS_unreadCount answers). */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Null: unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('member_messages_customer_read_idx').on(table.customerId, table.readAt)],
);

/** Feedback a member sent from /m/feedback (issue 15); the screenshot as base64 of its checked bytes. */
export const memberFeedback = pgTable(
  'member_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').$type<FeedbackCategory>().notNull(),
    message: text('message').notNull(),
    screenshotType: text('screenshot_type').$type<FeedbackScreenshotType>(),
    screenshot: text('screenshot'),
    createdAt: createdAt(),
  },
  (table) => [
    index('member_feedback_merchant_created_idx').on(table.merchantId, table.createdAt),
    index('member_feedback_customer_idx').on(table.customerId),
    check('member_feedback_message_length', sql`char_length(${table.message}) BETWEEN 1 AND 2000`),
    check(
      'member_feedback_screenshot_pair',
      sql`(${table.screenshot} IS NULL) = (${table.screenshotType} IS NULL)`,
    ),
  ],
);

// ---- games and lobby ---------------------------------------------------------------------------

/**
 * Parameters of generated demo artwork (seed/artwork.ts draws it as SVG; the image route rasterises
 * it to png, webp or avif). Real catalogues would hold an image URL instead.
 */
export interface ArtSpec {
  /** Two colours of the background gradient, `#rrggbb`. */
  colors: [string, string];
  /** A short label drawn on the art (a few letters or digits). */
  glyph: string;
}

/** Game vendors (providers). A merchant offers the vendors of its `gameVendor.allVendors`. */
export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  displayName: text('display_name').notNull(),
  /** A GameCategory. */
  category: text('category').notNull(),
  /** The name of the launch adapter (services/games/adapters) that turns a launch into a URL. */
  adapter: text('adapter').notNull(),
  maintenance: boolean('maintenance').notNull().default(false),
  art: jsonb('art').$type<ArtSpec>().notNull(),
  createdAt: createdAt(),
});

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    nodeId: text('node_id').notNull(),
    displayName: text('display_name').notNull(),
    /** A GameCategory. */
    category: text('category').notNull(),
    freeplay: boolean('freeplay').notNull().default(false),
    /** 1 the hottest; null when not hot. */
    hotRank: integer('hot_rank'),
    /** How a launch addresses it: `{kind:'lottery',…}`, `{kind:'vnLottery',…}` or `{kind:'vendor'}`. */
    launch: jsonb('launch').$type<GameLaunchTarget>().notNull(),
    /** Order within its vendor and category. */
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    art: jsonb('art').$type<ArtSpec>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_uq').on(table.vendorCode, table.gameCode),
    index('games_category_idx').on(table.category, table.position),
  ],
);

/** Home carousel banners per merchant, shown inside their window. */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    linkageType: text('linkage_type', { enum: ['P', 'URL', 'G'] }).notNull(),
    linkage: text('linkage').notNull(),
    roomId: text('room_id'),
    nodeId: text('node_id'),
    gameType: text('game_type'),
    vendor: text('vendor'),
    art: jsonb('art').$type<ArtSpec>().notNull(),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('banners_merchant_idx').on(table.merchantId, table.position)],
);

/** Marquee lines, popup pages and promotions per merchant, shown inside their window. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['MARQUEE', 'POPUP', 'PR'] }).notNull(),
    category: text('category'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Issue 15: a promotion's rich text (a small HTML subset the client sanitises) and its terms. */
    richContent: text('rich_content'),
    terms: text('terms'),
    art: jsonb('art').$type<ArtSpec>(),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('announcements_merchant_type_idx').on(table.merchantId, table.type, table.position)],
);

/**
 * Issue 15: an announcement in another language than the merchant's default (the row itself). A
 * request in a language without a row here gets the announcement as stored.
 */
export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    language: text('language').$type<LanguageCode>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    richContent: text('rich_content'),
    terms: text('terms'),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.language] })],
);

/** Issue 15: the promotion categories of a merchant (the tabs of /m/activity), names per language. */
export const promotionCategories = pgTable(
  'promotion_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The `category` of the PR announcements in it. */
    code: text('code').notNull(),
    /** In the merchant's default language. */
    name: text('name').notNull(),
    names: jsonb('names').$type<Partial<Record<LanguageCode, string>>>().notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('promotion_categories_merchant_code_idx').on(table.merchantId, table.code)],
);

/** Issue 15: a merchant's promo codes, stored in upper case, each valid inside its window. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The promotion the code belongs to, if any. */
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promo_codes_merchant_code_idx').on(table.merchantId, table.code),
    check('promo_codes_code_format', sql`${table.code} ~ '^[A-Z0-9-]{4,32}$'`),
  ],
);

/** Issue 15: a member's claim of a promo code; the unique index makes it once per member. */
export const promoCodeClaims = pgTable(
  'promo_code_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('promo_code_claims_code_customer_idx').on(table.promoCodeId, table.customerId)],
);

/** The popup announcement's options per merchant (AnnouncementPopup without its list). */
export const announcementPopupOptions = pgTable('announcement_popup_options', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  options: jsonb('options').$type<Omit<AnnouncementPopup, 'popupList'>>().notNull(),
  updatedAt: updatedAt(),
});

/** Sports fixtures (GCSGAME_getGameMatchV2). */
export const gameMatches = pgTable('game_matches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  league: text('league').notNull(),
  home: text('home').notNull(),
  away: text('away').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  odds: jsonb('odds').$type<{ home: number; draw: number | null; away: number }>().notNull(),
  createdAt: createdAt(),
});

export const favouriteGames = pgTable(
  'favourite_games',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.gameId] })],
);

/** The last launch of each game by each member (GCS_recentGame). */
export const recentGames = pgTable(
  'recent_games',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.gameId] }),
    index('recent_games_customer_idx').on(table.customerId, table.playedAt),
  ],
);

/** Launch tickets: the SHA-256 of a random ticket, single use, short-lived (LAUNCH_TICKET_TTL_MS). */
export const gameLaunchTickets = pgTable('game_launch_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** Null for a visitor's trial launch. */
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  trial: boolean('trial').notNull(),
  backUrl: text('back_url').notNull(),
  language: text('language').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A redeemed launch: the demo game's play session with its credit (SHA-256 of the play token). */
export const demoGameSessions = pgTable('demo_game_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  trial: boolean('trial').notNull(),
  credit: integer('credit').notNull(),
  backUrl: text('back_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Rounds played in the demo game (the rank list's wins come from here). */
export const demoGameRounds = pgTable(
  'demo_game_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => demoGameSessions.id, { onDelete: 'cascade' }),
    picks: jsonb('picks').$type<number[]>().notNull(),
    drawn: jsonb('drawn').$type<number[]>().notNull(),
    stake: integer('stake').notNull(),
    payout: integer('payout').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('demo_game_rounds_payout_idx').on(table.payout, table.createdAt)],
);

// ---- social sign-in (issue 14) -----------------------------------------------------------------

/** The identity providers a merchant offers: `firebase` (Google, Facebook, X, phone), `line`, `telegram`, `maya`. */
export type IdentityProviderName = 'firebase' | 'line' | 'telegram' | 'maya';

/**
 * A merchant's identity providers. `public_config` may be sent to any visitor (the settings call
 * answers parts of it); `secret_config` (client secrets, bot tokens, endpoint base URLs) is never
 * selected into an answer.
 */
export const merchantIdentityProviders = pgTable(
  'merchant_identity_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<IdentityProviderName>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    publicConfig: jsonb('public_config').$type<Record<string, unknown>>().notNull().default({}),
    secretConfig: jsonb('secret_config').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('merchant_identity_providers_merchant_provider_uq').on(table.merchantId, table.provider),
    check(
      'merchant_identity_providers_provider',
      sql`${table.provider} IN ('firebase', 'line', 'telegram', 'maya')`,
    ),
  ],
);

/** A sign-in of another provider linked to a member: (merchant, provider, subject) names one member. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'google.com' | 'facebook.com' | 'twitter.com' | 'phone' | 'line' | 'telegram' | 'maya'. */
    provider: text('provider').notNull(),
    /** The provider's stable id of the person (Firebase uid, LINE userId, Telegram id, Maya account). */
    subject: text('subject').notNull(),
    displayName: text('display_name'),
    pictureUrl: text('picture_url'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_identities_merchant_provider_subject_uq').on(
      table.merchantId,
      table.provider,
      table.subject,
    ),
    index('social_identities_customer_idx').on(table.customerId),
    check(
      'social_identities_provider',
      sql`${table.provider} IN ('google.com', 'facebook.com', 'twitter.com', 'phone', 'line', 'telegram', 'maya')`,
    ),
    check('social_identities_subject_length', sql`char_length(${table.subject}) BETWEEN 1 AND 256`),
  ],
);

/**
 * A verified sign-in that matched no member, waiting for the member's choice (log in and link, or
 * register): the SHA-256 of the bind token, single use, short-lived, bound to its merchant.
 */
export const socialBindTokens = pgTable(
  'social_bind_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    displayName: text('display_name'),
    pictureUrl: text('picture_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('social_bind_tokens_expires_idx').on(table.expiresAt)],
);

/** Provider tokens (Firebase ID tokens, …) already used for a sign-in, kept until they expire: no replay. */
export const socialTokenUses = pgTable(
  'social_token_uses',
  {
    /** `{provider}:{SHA-256 of the token}`. */
    tokenKey: text('token_key').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('social_token_uses_expires_idx').on(table.expiresAt)],
);

// ---- support chat and staff (issue 16) -----------------------------------------------------------

/** Staff of a merchant's back office (the support console first): argon2id password and TOTP required. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** `agent` answers chats; `supervisor` also sees every agent's; `admin` the whole back office. */
    role: text('role').$type<'agent' | 'supervisor' | 'admin'>().notNull(),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret sealed with the key-encryption key (AAD `staff-totp:{id}`); null: cannot sign in. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_accounts_merchant_username_idx').on(table.merchantId, sql`lower(${table.username})`),
  ],
);

/** Staff console sessions: only the SHA-256 of the cookie's token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('staff_sessions_expires_idx').on(table.expiresAt)],
);

/** A member's (or a visitor's) conversation with the merchant's support team. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The member; null for a visitor's conversation (until the visitor logs in). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The visitor's pseudo-id (server-issued, signed); null once the conversation is a member's. */
    visitorId: text('visitor_id'),
    status: text('status').$type<'open' | 'assigned' | 'closed'>().notNull().default('open'),
    assignedStaffId: integer('assigned_staff_id').references(() => staffAccounts.id, {
      onDelete: 'set null',
    }),
    language: text('language'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_conversations_merchant_status_idx').on(table.merchantId, table.status, table.lastMessageAt),
    index('chat_conversations_customer_idx').on(table.customerId),
    index('chat_conversations_visitor_idx').on(table.merchantId, table.visitorId),
    check('chat_conversations_owner', sql`(${table.customerId} IS NULL) <> (${table.visitorId} IS NULL)`),
  ],
);

/**
 * Images sent in the chat: bytes checked by their first bytes (PNG, JPEG, WebP), at most
 * CHAT_ATTACHMENT_MAX_BYTES, stored as base64; the id is a 128-bit random capability.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<'image/png' | 'image/jpeg' | 'image/webp'>().notNull(),
    size: integer('size').notNull(),
    data: text('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('chat_attachments_conversation_idx').on(table.conversationId)],
);

/** Messages of a conversation; the id is their order. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<'member' | 'agent'>().notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The sender's idempotency key: a resend with the same one is the same message. */
    clientId: text('client_id').notNull(),
    body: text('body').notNull(),
    /** An image sent with (or as) the message. */
    attachmentId: text('attachment_id').references(() => chatAttachments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_messages_client_idx').on(table.conversationId, table.sender, table.clientId),
    index('chat_messages_conversation_idx').on(table.conversationId, table.id),
    check('chat_messages_body_length', sql`char_length(${table.body}) <= 1000`),
    check('chat_messages_not_empty', sql`${table.body} <> '' OR ${table.attachmentId} IS NOT NULL`),
  ],
);

/** Ready answers an agent picks from (per merchant). */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (table) => [index('chat_canned_replies_merchant_idx').on(table.merchantId)],
);

/**
 * Marketing events of spec section 9 (issue 17), one row per event id and merchant: a beacon and its
 * ping fallback carrying the same event count once. `customer_ref` is the member of the session the
 * event came with (services/tracking/events.ts attributionOf); another id the client named is kept in
 * `claimed_customer_ref`, counted nowhere.
 */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    name: text('name').notNull(),
    /** The member of the session the event came with (never the client's word alone). */
    customerRef: text('customer_ref'),
    /** The customer id the client reported when it was not the session's member (flagged, not counted). */
    claimedCustomerRef: text('claimed_customer_ref'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    clickIds: jsonb('click_ids').$type<Record<string, string>>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('marketing_events_merchant_event_idx').on(table.merchantId, table.eventId),
    index('marketing_events_merchant_name_created_idx').on(table.merchantId, table.name, table.createdAt),
  ],
);

/** The merchant's VAPID key pair (Web Push); the private key sealed like the RSA keys (AAD `vapid:{merchantId}`). */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  sealedWith: text('sealed_with').notNull(),
  createdAt: createdAt(),
});

export type PushSubscriptionKind = 'webpush' | 'fcm';

/**
 * A merchant's Firebase Cloud Messaging configuration (issue 17): the web app's Firebase ids and the
 * service account the server signs its OAuth assertion with. The service account's private key is
 * sealed by the key-encryption key (AAD `fcm:{merchantId}`) and never leaves the server; the base
 * URLs are FCM's and Google's unless a test or the stand-in points them elsewhere.
 */
export const pushFcmConfigs = pgTable('push_fcm_configs', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  projectId: text('project_id').notNull(),
  apiKey: text('api_key').notNull(),
  appId: text('app_id').notNull(),
  messagingSenderId: text('messaging_sender_id').notNull(),
  clientEmail: text('client_email').notNull(),
  privateKeyId: text('private_key_id'),
  privateKeySealed: text('private_key_sealed').notNull(),
  sealedWith: text('sealed_with').notNull(),
  tokenUri: text('token_uri').notNull(),
  apiBaseUrl: text('api_base_url').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Web Push subscriptions (the FCM contract's registrationToken), a member's when bound while logged in. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** `webpush` (endpoint and keys of a PushSubscription) or `fcm` (endpoint is the FCM registration token). */
    kind: text('kind').$type<PushSubscriptionKind>().notNull().default('webpush'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_merchant_endpoint_idx').on(table.merchantId, table.endpoint),
    index('push_subscriptions_customer_idx').on(table.customerId),
  ],
);

export const pushTopicSubscriptions = pgTable(
  'push_topic_subscriptions',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.topic] }),
    index('push_topic_subscriptions_topic_idx').on(table.topic),
  ],
);

/**
 * The chat's member info and auth key (issue 16, WPSCORE_saveMemberInfoByAuthKey): one row per
 * member, replaced on every call, so only the newest key works. Only the key's SHA-256 is stored.
 */
export const chatMemberKeys = pgTable(
  'chat_member_keys',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** The member's name as the chat shows it, and the pseudo-identifier (merchant plus user id). */
    name: text('name').notNull(),
    pseudoId: text('pseudo_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.customerId] }),
    uniqueIndex('chat_member_keys_key_hash_idx').on(table.keyHash),
  ],
);
