import type { LoginType } from '@wps/contract';

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
