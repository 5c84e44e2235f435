import { currencyExponent, isKnownCurrency, parseAmount } from '@wps/contract/amounts';
import type { MessageKey } from '@/i18n';

/**
 * The deposit amount checked on the client against the method's limits (issue 28), so the member
 * learns at once what the server would refuse; the server still decides. Amounts stay decimal
 * strings and bigint minor units throughout: "0.1 + 0.2" never happens here.
 */

export interface AmountLimits {
  currency: string;
  min: string;
  max: string;
  /** What is left of the method's per-day maximum for this member. */
  dailyLeft: string;
}

/**
 * A translated message, the amounts it names (decimal strings, formatted in the merchant's currency
 * where it is shown) and other numbers.
 */
export interface AmountMessage {
  key: MessageKey;
  amounts?: Readonly<Record<string, string>>;
  digits?: number;
}

/**
 * What the member typed, as the server wants it: surrounding spaces gone. Separators are not guessed
 * ("1,000" is a thousand in one locale and one in another): such input is refused with a message.
 */
export function normalizeAmountInput(text: string): string {
  return text.trim();
}

/** Null when `text` is an amount the method takes now; else why not. */
export function amountMessage(text: string, limits: AmountLimits): AmountMessage | null {
  const value = normalizeAmountInput(text);
  if (value === '') return { key: 'cashier_amount_required' };
  if (!isKnownCurrency(limits.currency)) return { key: 'cashier_amount_format' };
  const minor = parseAmount(value, limits.currency);
  if (minor === null) {
    const digits = currencyExponent(limits.currency);
    // A plain number with too many digits after the point gets its own, more useful message.
    return /^\d+\.\d+$/.test(value) && value.length <= 40
      ? { key: digits === 0 ? 'cashier_amount_whole' : 'cashier_amount_decimals', digits }
      : { key: 'cashier_amount_format' };
  }
  const min = parseAmount(limits.min, limits.currency) ?? 0n;
  const max = parseAmount(limits.max, limits.currency);
  const left = parseAmount(limits.dailyLeft, limits.currency);
  if (minor < min || minor === 0n) return { key: 'cashier_amount_min', amounts: { amount: limits.min } };
  if (max !== null && minor > max) return { key: 'cashier_amount_max', amounts: { amount: limits.max } };
  if (left !== null && left < min) return { key: 'cashier_daily_reached' };
  if (left !== null && minor > left)
    return { key: 'cashier_amount_daily', amounts: { amount: limits.dailyLeft } };
  return null;
}

/** The server's `amount_invalid` data ({min, max} or {dailyLeft}) as the same messages. */
export function serverAmountMessage(data: unknown): AmountMessage {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (typeof record.dailyLeft === 'string')
    return { key: 'cashier_amount_daily', amounts: { amount: record.dailyLeft } };
  if (typeof record.min === 'string' && typeof record.max === 'string')
    return { key: 'cashier_amount_range', amounts: { min: record.min, max: record.max } };
  return { key: 'cashier_amount_format' };
}
