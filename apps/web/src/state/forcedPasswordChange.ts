import { StorageKey, sessionStore } from '@/platform/storage';

/** Whether the member must stay on /m/changePsw until the password is changed. */
export function isPasswordChangeForced(): boolean {
  return sessionStore.getString(StorageKey.forcePasswordChange) === '1';
}

export function setPasswordChangeForced(forced: boolean): void {
  if (forced) sessionStore.setString(StorageKey.forcePasswordChange, '1');
  else sessionStore.remove(StorageKey.forcePasswordChange);
}
