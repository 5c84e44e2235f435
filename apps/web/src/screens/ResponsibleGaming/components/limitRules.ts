import { formatAmount } from '@wps/contract/amounts';
import type { LimitType } from '@wps/contract/trust';
import { amountMessage, normalizeAmountInput, type AmountMessage } from '@/features/cashier';

/** The session-time limit the server takes: whole minutes, 5 to 24 hours. */
export const SESSION_MINUTES = { min: 5, max: 1440 } as const;

/**
 * Null when `text` is a limit the server takes for `type`; else why not. Money is checked with the
 * cashier's amount rules (the currency's digits, above zero); the session limit as whole minutes.
 */
export function limitInputMessage(type: LimitType, text: string, currency: string): AmountMessage | null {
  const value = normalizeAmountInput(text);
  if (type !== 'session_time') {
    return amountMessage(value, { currency, min: formatAmount(1n, currency), max: '', dailyLeft: '' });
  }
  if (value === '') return { key: 'cashier_amount_required' };
  const minutes = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  return minutes >= SESSION_MINUTES.min && minutes <= SESSION_MINUTES.max
    ? null
    : { key: 'rg_minutes_invalid' };
}
