import type { SecurityStatus } from '@wps/contract/memberArea';
import { WpsError } from '@/api/client';
import { fetchSecurityStatus } from '@/api/endpoints/memberArea';
import { setQueryData } from '@/queries/changes';
import { getQueryData, type QuerySpec } from '@/queries/store';
import type { MessageKey } from '@/i18n';

/** The member's second factors (a member query: gone with the session). */
export const securityQuery: QuerySpec<SecurityStatus> = {
  key: ['securityStatus'],
  load: fetchSecurityStatus,
  member: true,
};

/** Changes the shown status after the server agreed (nothing when it is not shown). */
export function updateSecurity(update: (status: SecurityStatus) => SecurityStatus): void {
  const current = getQueryData(securityQuery);
  if (current !== undefined) setQueryData(securityQuery, () => update(current));
}

/** What a refused security call shows: a wrong code, too many tries, or the generic failure. */
export function securityErrorKey(error: unknown): MessageKey {
  if (error instanceof WpsError) {
    if (error.errorCode === 'verify_code_invalid') return 'auth_code_invalid';
    if (error.errorCode.startsWith('TOO_MANY_REQUEST')) return 'security_too_many';
  }
  return 'unknown_error';
}
