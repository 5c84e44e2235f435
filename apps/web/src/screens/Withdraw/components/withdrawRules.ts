import { parseAmount } from '@wps/contract/amounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { WalletErrorCode } from '@wps/contract/amounts';
import type { WithdrawMethod, WithdrawOptions } from '@wps/contract/cashier';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { amountMessage, serverAmountMessage, type AmountMessage } from '@/features/cashier';
import type { MessageKey } from '@/i18n';

/**
 * The withdrawal's own checks and messages (issue 28 item 4): the deposit's amount rules with the
 * withdrawal's words, the cash available as a further ceiling, the payout account's fields as the
 * server's schema takes them, and the server's refusals as translated texts.
 */

/** The deposit's amount messages say "deposit": the withdrawal says its own. */
const WITHDRAW_WORDS: Partial<Record<MessageKey, MessageKey>> = {
  cashier_amount_min: 'withdraw_amount_min',
  cashier_amount_max: 'withdraw_amount_max',
  cashier_amount_daily: 'withdraw_amount_daily',
  cashier_daily_reached: 'withdraw_daily_reached',
};

function inWithdrawWords(message: AmountMessage): AmountMessage {
  const key = WITHDRAW_WORDS[message.key];
  return key === undefined ? message : { ...message, key };
}

/** Null when the method takes `text` now and the cash available covers it; else why not. */
export function withdrawAmountMessage(
  text: string,
  method: WithdrawMethod,
  options: Pick<WithdrawOptions, 'currency' | 'available'>,
): AmountMessage | null {
  const limits = { ...method, currency: options.currency };
  const message = amountMessage(text, limits);
  if (message !== null) return inWithdrawWords(message);
  const amount = parseAmount(text.trim(), options.currency);
  const available = parseAmount(options.available, options.currency);
  if (amount !== null && available !== null && amount > available)
    return { key: 'withdraw_amount_available', amounts: { amount: options.available } };
  return null;
}

/** True while a bonus still has turnover to wager: a withdrawal now forfeits it, with consent only. */
export function bonusAtStake(options: Pick<WithdrawOptions, 'currency' | 'turnoverLeft' | 'bonus'>): boolean {
  const left = parseAmount(options.turnoverLeft, options.currency) ?? 0n;
  return left > 0n;
}

/**
 * The server's limits when it refused the amount: a withdrawal's refusal carries min, max and what is
 * left of the day together, so the range is said, unless the day is what is short.
 */
function withdrawLimitsMessage(data: unknown, currency: string): AmountMessage {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const { min, max, dailyLeft } = record;
  if (typeof min === 'string' && typeof max === 'string' && typeof dailyLeft === 'string') {
    const left = parseAmount(dailyLeft, currency);
    const least = parseAmount(min, currency);
    // The day's room below the minimum: nothing more today, whatever the amount.
    if (left !== null && least !== null && left < least) return { key: 'cashier_daily_reached' };
    return { key: 'cashier_amount_range', amounts: { min, max } };
  }
  return serverAmountMessage(data);
}

/** A withdrawal's refusal, in the member's language; never the server's English. */
export function withdrawErrorMessage(error: unknown, currency: string): AmountMessage {
  if (!(error instanceof WpsError)) return { key: 'withdraw_error_generic' };
  switch (error.errorCode) {
    case WalletErrorCode.AMOUNT_INVALID:
      return inWithdrawWords(withdrawLimitsMessage(error.data, currency));
    case WalletErrorCode.INSUFFICIENT_FUNDS:
      return { key: 'withdraw_error_funds' };
    case WalletErrorCode.IDEMPOTENCY_CONFLICT:
      return { key: 'withdraw_error_conflict' };
    case WalletErrorCode.PAYMENT_NOT_FOUND:
      return { key: 'withdraw_error_account' };
    // The only state a member's request can meet: an active bonus not agreed to forfeit.
    case WalletErrorCode.PAYMENT_STATE:
      return { key: 'withdraw_forfeit_required' };
    case 'not_found':
    case WalletErrorCode.CURRENCY_MISMATCH:
      return { key: 'withdraw_unavailable' };
    case NETWORK_ERROR:
    case TIMEOUT_ERROR:
      return { key: 'withdraw_error_network' };
    default:
      return { key: 'withdraw_error_generic' };
  }
}

/** What the member types to bind an account. */
export interface AccountDraft {
  kind: 'bank' | 'ewallet';
  bankCode: string;
  accountName: string;
  accountNumber: string;
  password: string;
}

export type AccountField = 'bankCode' | 'accountName' | 'accountNumber' | 'password';

export interface AccountMessage {
  key: MessageKey;
  params?: Readonly<Record<string, string>>;
}

const BANK_CODE = /^[A-Za-z0-9_-]{2,20}$/;
const ACCOUNT_NUMBER = /^[0-9]{6,20}$/;

/** The draft's fields against the server's schema: one message per field that it would refuse. */
export function accountMessages(draft: AccountDraft): Partial<Record<AccountField, AccountMessage>> {
  const messages: Partial<Record<AccountField, AccountMessage>> = {};
  if (!BANK_CODE.test(draft.bankCode.trim())) messages.bankCode = { key: 'withdraw_bank_code_format' };
  const name = draft.accountName.trim();
  if (name.length < 2 || name.length > 80) messages.accountName = { key: 'withdraw_account_name_missing' };
  // Spaces and dashes are how numbers are written down; the server takes the digits.
  if (!ACCOUNT_NUMBER.test(accountDigits(draft.accountNumber)))
    messages.accountNumber = { key: 'withdraw_account_number_format' };
  if (draft.password === '') messages.password = { key: 'auth_required' };
  return messages;
}

/** The account number as the server takes it: digits only (spaces and dashes dropped). */
export function accountDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** Why binding the account was refused, and on which field. */
export function accountErrorMessage(error: unknown): { field: AccountField | null; message: AccountMessage } {
  if (!(error instanceof WpsError)) return { field: null, message: { key: 'withdraw_account_failed' } };
  switch (error.errorCode) {
    case ErrorCode.OLD_PASSWORD_INCORRECT:
      return { field: 'password', message: { key: 'withdraw_password_wrong' } };
    case 'invalid_request': {
      const data = error.data as { holderName?: unknown } | null | undefined;
      if (typeof data?.holderName === 'string')
        return {
          field: 'accountName',
          message: { key: 'withdraw_name_must', params: { name: data.holderName } },
        };
      return { field: null, message: { key: 'withdraw_account_invalid' } };
    }
    case NETWORK_ERROR:
    case TIMEOUT_ERROR:
      return { field: null, message: { key: 'withdraw_account_network' } };
    default:
      return { field: null, message: { key: 'withdraw_account_failed' } };
  }
}
