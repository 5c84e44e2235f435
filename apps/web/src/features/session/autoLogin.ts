import type { LoginType } from '@wps/contract/accounts';
import { StorageKey, localStore, type SafeStore } from '@/platform/storage';

/** The facts auto-login depends on (spec section 4). */
export interface AutoLoginConditions {
  hasToken: boolean;
  /** redirectUrl or backUrl in the query. */
  hasRedirectOrBackUrl: boolean;
  /** MOBILEAUTOLOGIN3. */
  flagOn: boolean;
  /** The stored autoLogin value ('0' disables). */
  storedAutoLogin: string | null;
  storedMerchant: string | null;
  currentMerchant: string | null;
  credentialType: LoginType | null;
}

/** Auto-login runs only when all six conditions of spec section 4 hold. */
export function shouldAutoLogin(c: AutoLoginConditions): boolean {
  return (
    !c.hasToken &&
    !c.hasRedirectOrBackUrl &&
    c.flagOn &&
    c.storedAutoLogin !== '0' &&
    c.storedMerchant !== null &&
    c.storedMerchant === c.currentMerchant &&
    c.credentialType !== null &&
    c.credentialType !== 'sms'
  );
}

/**
 * Whether auto-login can apply at all on this start: only with remembered credentials (their
 * merchant and type are two of the six conditions above). Checked before the auto-login's chunk (with
 * the login flow) is fetched, so a visitor without them never fetches it; the runner checks the rest.
 */
export function mayAutoLogin(storage: SafeStore = localStore): boolean {
  return storage.getString(StorageKey.rememberedCredentials) !== null;
}
