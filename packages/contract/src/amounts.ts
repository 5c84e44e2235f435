/**
 * Amounts without a schema library (issue 28): decimal strings in the currency's major unit held as
 * integer minor units (bigint), never a float. Its own module so the web app's cashier chunk can use
 * it without zod; money.ts re-exports it with the wire schemas.
 */

/** Digits after the decimal point per currency (ISO 4217 minor units); TLB is the PHP token. */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  VND: 0,
  IDR: 0,
  KRW: 0,
  JPY: 0,
  PHP: 2,
  TLB: 2,
  THB: 2,
  USD: 2,
  MYR: 2,
  EUR: 2,
  GBP: 2,
  INR: 2,
  BRL: 2,
  CNY: 2,
};

/** Largest amount any single request may carry, in minor units: far above any real deposit, far below 2^63. */
export const MAX_MINOR_UNITS = 10n ** 15n;

export function currencyExponent(currency: string): number {
  const exponent = CURRENCY_EXPONENTS[currency.toUpperCase()];
  if (exponent === undefined) throw new RangeError(`unknown currency ${currency}`);
  return exponent;
}

export function isKnownCurrency(currency: string): boolean {
  return CURRENCY_EXPONENTS[currency.toUpperCase()] !== undefined;
}

export const DECIMAL = /^(0|[1-9]\d{0,17})(?:\.(\d{1,4}))?$/;

/**
 * "12.5" in PHP → 1250n. Null for anything that is not a plain non-negative decimal with at most the
 * currency's digits after the point (no sign, exponent, spaces or thousands separators), or above
 * MAX_MINOR_UNITS.
 */
export function parseAmount(text: string, currency: string): bigint | null {
  const match = DECIMAL.exec(text);
  if (match === null) return null;
  const exponent = currencyExponent(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const minor =
    BigInt(match[1] ?? '0') * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  return minor > MAX_MINOR_UNITS ? null : minor;
}

/** 1250n in PHP → "12.50"; negative amounts keep their sign ("-12.50"). */
export function formatAmount(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const text = exponent === 0 ? whole : `${whole}.${digits.slice(digits.length - exponent)}`;
  return negative ? `-${text}` : text;
}

/** Refusals of the cashier (issue 28); each has its status in the server's one error table. */
export const WalletErrorCode = {
  /** The same idempotency key came with another request body (409). */
  IDEMPOTENCY_CONFLICT: 'idempotency_conflict',
  /** The member's balance does not cover it; `data.balance` says what it does cover (409). */
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  /** Not a decimal amount the currency can hold, zero, or above the method's limits (400). */
  AMOUNT_INVALID: 'amount_invalid',
  /** The amount is in another currency than the wallet's (400). */
  CURRENCY_MISMATCH: 'currency_mismatch',
  /** A provider's or vendor's signature that does not verify, or a stale timestamp (401). */
  SIGNATURE_INVALID: 'signature_invalid',
  /** A payment, withdrawal or account that is not this member's or does not exist (404). */
  PAYMENT_NOT_FOUND: 'payment_not_found',
  /** The payment or withdrawal is in a state that does not allow it (409). */
  PAYMENT_STATE: 'payment_state',
} as const;
export type WalletErrorCode = (typeof WalletErrorCode)[keyof typeof WalletErrorCode];
