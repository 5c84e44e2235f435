import { currencyExponent, isKnownCurrency, parseAmount } from '@wps/contract/amounts';
import { displayCurrencyCode } from '@wps/contract/constants';

/**
 * Amounts as the member sees them (issue 28): decimal strings from the server, shown in the
 * merchant's currency with its symbol before or after the number, digits grouped by the member's
 * locale. The number never passes through a float: the whole part is formatted as a bigint and the
 * fraction is kept digit for digit.
 */

const NBSP = '\u00a0';

/** How the merchant writes its currency (site settings: currencySymbol, currencyPosition). */
export interface CurrencyStyle {
  /** The wallet's currency code (TLB shows as PHP). */
  code: string;
  /** The merchant's symbol; empty: the code is shown. */
  symbol: string;
  position: 'before' | 'after';
}

const SIGNED = /^([+-]?)(.*)$/s;

/** "1234.5" → the minor units and sign, or null for anything that is not an amount in `currency`. */
function parseSigned(text: string, currency: string): { negative: boolean; minor: bigint } | null {
  if (!isKnownCurrency(currency)) return null;
  const [, sign = '', rest = ''] = SIGNED.exec(text.trim()) ?? [];
  const minor = parseAmount(rest, currency);
  if (minor === null) return null;
  return { negative: sign === '-' && minor !== 0n, minor };
}

/** The number alone in the locale's digits and separators: "1,234.50", "1.234,50", "١٬٢٣٤٫٥٠". */
function formatNumber(minor: bigint, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  const scale = 10n ** BigInt(exponent);
  const whole = new Intl.NumberFormat(locale).format(minor / scale);
  if (exponent === 0) return whole;
  const digits = new Intl.NumberFormat(locale, { minimumIntegerDigits: exponent, useGrouping: false }).format(
    minor % scale,
  );
  const point =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return `${whole}${point}${digits}`;
}

export interface MoneyOptions {
  /** Show a plus sign on positive amounts (the history's movements). */
  signed?: boolean;
}

/**
 * `amount` (a decimal string, optionally signed) in the merchant's style: "₱1,000.00", "200.000 ₫",
 * "-$5.00". An amount that is not one (hostile or unknown currency) shows as "—", never as NaN.
 */
export function formatMoney(
  amount: string,
  style: CurrencyStyle,
  locale: string,
  options: MoneyOptions = {},
): string {
  const parsed = parseSigned(amount, style.code);
  if (parsed === null) return '—';
  const number = formatNumber(parsed.minor, style.code, locale);
  const sign = parsed.negative ? '-' : options.signed === true && parsed.minor !== 0n ? '+' : '';
  const symbol = style.symbol.trim();
  // A no-break space: an amount never wraps between its number and its symbol ("500,000" / "₫").
  if (symbol === '') return `${sign}${number}${NBSP}${displayCurrencyCode(style.code.toUpperCase())}`;
  return style.position === 'after' ? `${sign}${number}${NBSP}${symbol}` : `${sign}${symbol}${number}`;
}

/** The style of `currency` for this merchant: its symbol when it is the merchant's currency, else the code. */
export function currencyStyleOf(
  currency: string,
  settings: { currency: string; currencySymbol: string; currencyPosition: 'before' | 'after' } | null,
): CurrencyStyle {
  const own =
    settings !== null &&
    displayCurrencyCode(settings.currency.toUpperCase()) === displayCurrencyCode(currency.toUpperCase());
  return own
    ? { code: currency, symbol: settings.currencySymbol, position: settings.currencyPosition }
    : { code: currency, symbol: '', position: 'after' };
}
