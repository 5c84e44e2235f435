import { z } from 'zod';
import { MAX_MINOR_UNITS } from './amounts.js';

/**
 * The seamless-wallet API a game vendor calls (issue 28 item 6, docs/decisions/seamless-wallet.md):
 * the member's money stays in our ledger and the vendor asks for each movement, in the shape game
 * aggregators use (Hub88 and its peers): balance, bet, win, rollback, endRound.
 *
 * - Every call is `POST {SEAMLESS_PATH_PREFIX}{vendorId}/{operation}` with a JSON body, signed with
 *   the vendor's secret: HMAC-SHA256 over `id.timestamp.rawBody` (the Standard Webhooks scheme), the
 *   timestamp within SEAMLESS_SIGNATURE_WINDOW_S of our clock. Every answer is signed the same way,
 *   with the request's id, so the vendor can tell it came from us and answers that request.
 * - Money moves are keyed by the vendor's `transactionId`: the same id with the same body answers the
 *   first answer again (200); with another body, 409 DUPLICATE_TRANSACTION.
 * - Amounts are integers in the currency's minor units (centavos for PHP, dong for VND); the
 *   currency must be the player's wallet currency.
 * - A refusal is a 4xx with `{ status: 'ERROR', errorCode, message }` and writes nothing.
 */

export const SEAMLESS_PATH_PREFIX = '/seamless/v1/';

export const SEAMLESS_OPERATIONS = ['balance', 'bet', 'win', 'rollback', 'endRound'] as const;
export type SeamlessOperation = (typeof SEAMLESS_OPERATIONS)[number];

export function seamlessPath(vendorId: string, operation: SeamlessOperation): string {
  return `${SEAMLESS_PATH_PREFIX}${encodeURIComponent(vendorId)}/${operation}`;
}

/** The signature's headers, on requests and answers alike. */
export const SeamlessHeader = {
  /** A unique id of the request (the answer repeats it). */
  id: 'x-wallet-id',
  /** Unix time in seconds. */
  timestamp: 'x-wallet-timestamp',
  /** `v1,<base64 HMAC-SHA256 of id.timestamp.rawBody>`; several space-separated during a key rotation. */
  signature: 'x-wallet-signature',
} as const;

export const SEAMLESS_SIGNATURE_VERSION = 'v1';
/** How far a signature's timestamp may be from our clock, either way. */
export const SEAMLESS_SIGNATURE_WINDOW_S = 300;
/** Largest body accepted. */
export const SEAMLESS_BODY_LIMIT_BYTES = 16 * 1024;

/** What the HMAC covers: the id, the timestamp and the raw body bytes, joined with dots. */
export function seamlessSignedText(id: string, timestamp: string, rawBody: string): string {
  return `${id}.${timestamp}.${rawBody}`;
}

// ---- requests ---------------------------------------------------------------------------------

const Id = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits and _.:- (at most 100)');
/** The player id we gave the vendor at launch. */
const Player = z.string().regex(/^[1-9]\d{0,11}$/, 'the player id of the launch');
const Currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
/** A JSON integer of minor units: no string, fraction, sign or exponent beyond MAX_MINOR_UNITS. */
const Amount = (min: number) => z.number().int().min(min).max(Number(MAX_MINOR_UNITS));

export const seamlessBalanceSchema = z.strictObject({ player: Player, currency: Currency });

export const seamlessBetSchema = z.strictObject({
  transactionId: Id,
  player: Player,
  /** The wallet session token of the launch: checked on bets only. */
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  currency: Currency,
  amount: Amount(1),
  roundId: Id,
  gameCode: Id,
});

export const seamlessWinSchema = z.strictObject({
  transactionId: Id,
  player: Player,
  currency: Currency,
  /** 0 settles a lost round without moving money. */
  amount: Amount(0),
  roundId: Id,
  /** Closes the round with this win: later wins and bets on it are refused. */
  roundClosed: z.boolean().optional(),
});

export const seamlessRollbackSchema = z.strictObject({
  transactionId: Id,
  player: Player,
  roundId: Id,
  /** The bet to reverse; unknown, it is remembered so that the bet is refused if it comes later. */
  referenceTransactionId: Id,
});

export const seamlessEndRoundSchema = z.strictObject({
  transactionId: Id,
  player: Player,
  roundId: Id,
});

export const SEAMLESS_SCHEMAS = {
  balance: seamlessBalanceSchema,
  bet: seamlessBetSchema,
  win: seamlessWinSchema,
  rollback: seamlessRollbackSchema,
  endRound: seamlessEndRoundSchema,
} as const;

export type SeamlessRequest<Op extends SeamlessOperation> = z.infer<(typeof SEAMLESS_SCHEMAS)[Op]>;

// ---- answers ----------------------------------------------------------------------------------

/** Every accepted call: the player's cash balance after it, in minor units. */
export const seamlessOkSchema = z.object({
  status: z.literal('OK'),
  player: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  /** The call's transaction id (absent on balance). */
  transactionId: z.string().optional(),
});
export type SeamlessOk = z.infer<typeof seamlessOkSchema>;

export const SeamlessErrorCode = {
  /** Missing, malformed, wrong or stale signature, or an unknown vendor (401). */
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  /** Not JSON, or a field missing or malformed (400). */
  INVALID_REQUEST: 'INVALID_REQUEST',
  /** Not an integer of minor units in range (400). */
  AMOUNT_INVALID: 'AMOUNT_INVALID',
  /** Not the player's wallet currency, or not the round's (400). */
  CURRENCY_MISMATCH: 'CURRENCY_MISMATCH',
  /** No such player (404). */
  PLAYER_NOT_FOUND: 'PLAYER_NOT_FOUND',
  /** A bet's session token is unknown, expired, another vendor's or another player's (401). */
  TOKEN_INVALID: 'TOKEN_INVALID',
  /** The cash balance does not cover the bet; `balance` says what it covers (402). */
  NOT_ENOUGH_MONEY: 'NOT_ENOUGH_MONEY',
  /** The transaction id was used with another body, or for another call (409). */
  DUPLICATE_TRANSACTION: 'DUPLICATE_TRANSACTION',
  /** A bet whose id was rolled back before it arrived (409). */
  TRANSACTION_ROLLED_BACK: 'TRANSACTION_ROLLED_BACK',
  /** No round of this player with that id (404). */
  ROUND_NOT_FOUND: 'ROUND_NOT_FOUND',
  /** The round was ended or closed by a win: no more bets or wins (409). */
  ROUND_CLOSED: 'ROUND_CLOSED',
  /** A bet of the round was rolled back: no more bets or wins (409). */
  ROUND_CANCELLED: 'ROUND_CANCELLED',
  /** The reference is not a bet of this player and round, or its round already paid a win (409). */
  ROLLBACK_REFUSED: 'ROLLBACK_REFUSED',
  /** The player is on a time-out or self-exclusion: no bets until it ends (403; wins still settle). */
  PLAYER_BLOCKED: 'PLAYER_BLOCKED',
  /** The bet is above the jurisdiction's stake cap or would pass a limit the player set (403). */
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type SeamlessErrorCode = (typeof SeamlessErrorCode)[keyof typeof SeamlessErrorCode];

export const SEAMLESS_STATUS: Readonly<Record<SeamlessErrorCode, number>> = {
  SIGNATURE_INVALID: 401,
  INVALID_REQUEST: 400,
  AMOUNT_INVALID: 400,
  CURRENCY_MISMATCH: 400,
  PLAYER_NOT_FOUND: 404,
  TOKEN_INVALID: 401,
  NOT_ENOUGH_MONEY: 402,
  DUPLICATE_TRANSACTION: 409,
  TRANSACTION_ROLLED_BACK: 409,
  ROUND_NOT_FOUND: 404,
  ROUND_CLOSED: 409,
  ROUND_CANCELLED: 409,
  ROLLBACK_REFUSED: 409,
  PLAYER_BLOCKED: 403,
  LIMIT_EXCEEDED: 403,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const seamlessErrorSchema = z.object({
  status: z.literal('ERROR'),
  errorCode: z.string(),
  message: z.string(),
  /** NOT_ENOUGH_MONEY: the balance and its currency. */
  balance: z.number().int().optional(),
  currency: z.string().optional(),
});
export type SeamlessError = z.infer<typeof seamlessErrorSchema>;
