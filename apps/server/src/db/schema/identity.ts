import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PasskeyTransport } from '@wps/contract/passkeys';
import { createdAt, updatedAt } from './columns.js';
import { merchants } from './merchants.js';

/* Who the member is (services/identity): the member accounts and their sessions, recovery
 * codes, captcha challenges, verification codes and the SMS and mail outbox, pending logins,
 * passkeys. */

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
    /** Given at registration where the merchant's profile asks for it (issue 29). */
    dateOfBirth: date('date_of_birth'),
    /** The version of the merchant's terms the member last accepted, and when; null: none yet. */
    termsVersion: integer('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * When the member answered the offer to set a deposit limit (at registration or the first deposit,
     * per the profile); null: not offered yet, or not answered.
     */
    limitOfferAnsweredAt: timestamp('limit_offer_answered_at', { withTimezone: true }),
    /** Minutes between reality checks the member chose; null: none. */
    realityCheckMinutes: integer('reality_check_minutes'),
    /**
     * The member's running break (services/trust): every sign-in, deposit and bet is refused until
     * `break_until` (9999-12-31 for a permanent self-exclusion). The history is in the trust audit.
     */
    breakKind: text('break_kind', { enum: ['time_out', 'self_exclusion'] }),
    breakSince: timestamp('break_since', { withTimezone: true }),
    breakUntil: timestamp('break_until', { withTimezone: true }),
    /** When a staff member locked the account (issue 30 item 7): every sign-in is refused; null: not locked. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
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
    // The back office's member search (issue 30 item 7): a name's start as a range in byte order
    // (no LIKE, so % and _ are plain characters), a national number without its dialing code, agents.
    index('customers_merchant_username_c_idx').on(
      table.merchantId,
      sql`(lower(${table.username}) COLLATE "C")`,
    ),
    index('customers_merchant_mobile_num_idx').on(table.merchantId, table.mobileNum),
    index('customers_merchant_agents_idx')
      .on(table.merchantId, sql`(lower(${table.username}) COLLATE "C")`)
      .where(sql`${table.customerType} IN (1, 2)`),
    uniqueIndex('customers_merchant_own_referral_code_idx').on(table.merchantId, table.ownReferralCode),
    index('customers_referrer_idx').on(table.referrerId, table.createdAt),
    index('customers_parent_agent_idx').on(table.parentAgentId, table.createdAt),
    check('customers_mobile_pair', sql`(${table.countryDialingCode} IS NULL) = (${table.mobileNum} IS NULL)`),
    check(
      'customers_club_label_pair',
      sql`(${table.clubLabelId} IS NULL) = (${table.clubLabelName} IS NULL)`,
    ),
    check('customers_rank_level_range', sql`${table.rankLevel} >= 0`),
    check(
      'customers_break_whole',
      sql`(${table.breakKind} IS NULL) = (${table.breakUntil} IS NULL) AND (${table.breakKind} IS NULL) = (${table.breakSince} IS NULL)`,
    ),
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
    purpose: text('purpose', {
      enum: ['register', 'login', 'reset', 'second_factor', 'security', 'contact'],
    }).notNull(),
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
