import { hasText, t } from '@/i18n/t';
import { StaffCallError } from './staffCall';

/**
 * A failed call as a sentence for the staff member: the catalog's text for its errorCode (the lock
 * with its minutes from Retry-After), else the server's own sentence (the service's refusals, such as
 * a limit staff may not raise, are written for people and translated by the server).
 */
export function errorText(error: unknown): string {
  if (!(error instanceof StaffCallError)) return t('error_other', { message: String(error) });
  if (error.errorCode === 'staff_login_locked') {
    return t('error_staff_login_locked', { minutes: Math.max(1, Math.ceil((error.retryAfterS ?? 60) / 60)) });
  }
  const key = `error_${error.errorCode}`;
  if (hasText(key)) return t(key);
  return error.errorCode === 'bad_answer' ? t('error_other', { message: error.message }) : error.message;
}
