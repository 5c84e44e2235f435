import type { SecurityStatus } from '@wps/contract/memberArea';
import { ErrorCode } from '@wps/contract/errorCodes';
import { WpsError } from '@/api/client';
import { fetchSecurityStatus } from '@/api/endpoints/memberArea';
import { setQueryData } from '@/queries/changes';
import { type QuerySpec } from '@/queries/store';
import { getQueryData } from '@/queries/queryData';
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

/** Puts the server's status after a change in place (the member's own contacts answer it). */
export function replaceSecurity(status: SecurityStatus): void {
  setQueryData(securityQuery, () => status);
}

/**
 * What a refused security call shows: a wrong code, too many tries, a contact its second factor
 * uses, a number another member has, an entry the server refused, or the generic failure.
 */
export function securityErrorKey(error: unknown): MessageKey {
  if (error instanceof WpsError) {
    if (error.errorCode === ErrorCode.VERIFY_CODE_INVALID) return 'auth_code_invalid';
    if (error.errorCode === ErrorCode.CONTACT_IN_USE) return 'contact_in_use';
    if (error.errorCode === ErrorCode.MOBILE_TAKEN) return 'auth_mobile_taken';
    if (error.errorCode === ErrorCode.INVALID_REQUEST) return 'auth_field_invalid';
    if (error.errorCode.startsWith('TOO_MANY_REQUEST')) return 'security_too_many';
  }
  return 'unknown_error';
}
