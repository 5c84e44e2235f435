import { useRef, useState } from 'react';
import type { ResponsibleGamingStatus } from '@wps/contract/trust';
import { ErrorCode } from '@wps/contract/errorCodes';
import { SESSION_LOST_CODES } from '@wps/contract/errors';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { handleError } from '@/features/apiErrors';
import { rgStatusQuery } from '@/features/responsibleGaming';
import type { MessageKey } from '@/i18n';
import { setQueryData } from '@/queries/changes';

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

/**
 * Runs one change of the member's responsible-gaming settings: one at a time, its answer (the whole
 * status) replaces the screen's data, a refusal becomes a translated message.
 */
export function useRgChange(): {
  busy: boolean;
  error: MessageKey | null;
  clearError: () => void;
  run: (change: () => Promise<ResponsibleGamingStatus>) => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const inFlight = useRef(false);
  const run = async (change: () => Promise<ResponsibleGamingStatus>) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const status = await change();
      setQueryData(rgStatusQuery, () => status);
      return true;
    } catch (caught) {
      setError(rgErrorKey(caught));
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}
