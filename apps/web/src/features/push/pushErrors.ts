import type { PushErrorCode } from '@wps/contract/tracking';
import type { MessageKey } from '@/i18n/translate';

/** The translated message of each push error of spec section 8. */
export const PUSH_ERROR_MESSAGE: Readonly<Record<PushErrorCode, MessageKey>> = {
  'permission-blocked': 'push_error_permission_blocked',
  'unsupported-browser': 'push_error_unsupported_browser',
  'indexed-db-unsupported': 'push_error_indexed_db_unsupported',
  'token-subscribe-failed': 'push_error_token_subscribe_failed',
  'token-update-failed': 'push_error_token_update_failed',
  'token-unsubscribe-failed': 'push_error_token_unsubscribe_failed',
  'failed-service-worker-registration': 'push_error_failed_service_worker_registration',
  'app-offline': 'push_error_app_offline',
  'not-registered': 'push_error_not_registered',
  'installation-not-found': 'push_error_installation_not_found',
};

export function pushErrorMessage(code: PushErrorCode): MessageKey {
  return PUSH_ERROR_MESSAGE[code];
}
