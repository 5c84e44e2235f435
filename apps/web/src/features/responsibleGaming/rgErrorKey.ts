import { ErrorCode } from '@wps/contract/errorCodes';
import { SESSION_LOST_CODES } from '@wps/contract/errors';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { handleError } from '@/features/apiErrors';
import type { MessageKey } from '@/i18n';

/** The translated text of a refused change; a lost session or a break goes to the error catalogue. */
export function rgErrorKey(error: unknown): MessageKey {
  if (!(error instanceof WpsError)) return 'unknown_error';
  if (
    error.status === 401 ||
    SESSION_LOST_CODES.includes(error.errorCode) ||
    error.errorCode === 'rg_break_active'
  ) {
    handleError(error);
    return 'unknown_error';
  }
  switch (error.errorCode) {
    case 'rg_change_not_ready':
      return 'rg_change_not_ready';
    case ErrorCode.OLD_PASSWORD_INCORRECT:
      return 'auth_old_password_incorrect';
    case ErrorCode.INVALID_REQUEST:
      return 'rg_amount_invalid';
    case NETWORK_ERROR:
    case TIMEOUT_ERROR:
      return 'cashier_error_network';
    default:
      return 'unknown_error';
  }
}
