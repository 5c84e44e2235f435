import { WalletErrorCode } from '@wps/contract/amounts';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { serverAmountMessage, type AmountMessage } from './amountRules';

/**
 * What the member reads when the cashier refuses (issue 28): the server's error code as a translated
 * message, never the server's English text.
 */
export function cashierErrorMessage(error: unknown): AmountMessage {
  if (!(error instanceof WpsError)) return { key: 'cashier_error_generic' };
  switch (error.errorCode) {
    case WalletErrorCode.AMOUNT_INVALID:
      return serverAmountMessage(error.data);
    case WalletErrorCode.IDEMPOTENCY_CONFLICT:
      return { key: 'cashier_error_conflict' };
    case WalletErrorCode.CURRENCY_MISMATCH:
    case 'not_found':
    case 'invalid_request':
      return { key: 'cashier_error_unavailable' };
    case WalletErrorCode.PAYMENT_NOT_FOUND:
      return { key: 'cashier_payment_not_found' };
    case WalletErrorCode.PAYMENT_STATE:
      return { key: 'cashier_error_state' };
    case NETWORK_ERROR:
    case TIMEOUT_ERROR:
      return { key: 'cashier_error_network' };
    default:
      return { key: 'cashier_error_generic' };
  }
}
