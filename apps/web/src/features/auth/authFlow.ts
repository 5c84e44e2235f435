import {
  AppPath,
  ErrorCode,
  type LoginPayload,
  type LoginResult,
  type LoginVerificationPayload,
  type LoginVerifyRequired,
  type RegistrationPayload,
  type RegistrationResult,
} from '@wps/contract';
import { WpsError } from '../../api/client';
import { login, register, verifyLogin } from '../../api/endpoints/accounts';
import { handleError } from '../../api/errorActions';
import { StorageKey, localStore, sessionStore } from '../../platform/storage';
import { postLoginDestination } from '../../routes/navigation';
import { getStoredMerchantCode } from '../../state/preferences';
import { setSession } from '../../state/session';
import { currentSettings } from '../../state/settings';
import { DEFAULT_MOBILE_REGISTRATION_PASSWORD } from './defaultPassword';
import { afterLoginDestination } from './destination';
import { setPasswordChangeForced } from './forcedChange';
import { markSignedOut } from './signedOut';
import { credentialStore, credentialsToRemember } from './rememberedCredentials';
import { createSubmitLock } from './submitLock';

/** The login and registration flows of spec section 4, shared by every screen and dialog. */

export const loginLock = createSubmitLock();
export const registrationLock = createSubmitLock();

export type LoginAttempt =
  | { status: 'ignored' }
  | { status: 'success'; destination: string }
  | { status: 'verify'; required: LoginVerifyRequired; payload: LoginPayload }
  | { status: 'failed'; error: WpsError };

function isLoginVerifyRequired(value: unknown): value is LoginVerifyRequired {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.verifyToken === 'string' && Array.isArray(record.methods) && record.methods.length > 0;
}

function asWpsError(error: unknown): WpsError {
  return error instanceof WpsError
    ? error
    : new WpsError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

function newSpanId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : String(Date.now());
}

function merchantCode(): string {
  return currentSettings()?.merchantCode ?? getStoredMerchantCode() ?? '';
}

/** Stores the token and renews the session. */
export function startSession(result: {
  token: string;
  id: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
}): void {
  markSignedOut(false);
  setSession({
    spanId: newSpanId(),
    id: result.id,
    token: result.token,
    merchantCode: merchantCode(),
    userName: result.userName,
    type: result.customerType,
    firstTimeLogin: result.firstTimeLogin,
  });
}

async function completeLogin(
  result: LoginResult,
  payload: LoginPayload,
  go: string | null | undefined,
  remember: boolean,
): Promise<string> {
  startSession(result);
  localStore.setString(StorageKey.autoLogin, '1');
  const flags = currentSettings()?.whitelabelVal;
  if (remember) {
    const credentials = credentialsToRemember(payload, merchantCode(), Boolean(flags?.MOBILENUMREG3));
    if (credentials)
      await credentialStore()
        .save(credentials)
        .catch(() => undefined);
  }
  const destination = afterLoginDestination(
    {
      firstTimeLogin: result.firstTimeLogin,
      passwordExpired: result.passwordExpired,
      password: payload.type === 'username' ? (payload.password ?? null) : null,
    },
    {
      forceChangeExpired: Boolean(flags?.PWDEXPFORCECHANGE3),
      defaultMobilePassword: DEFAULT_MOBILE_REGISTRATION_PASSWORD,
    },
    go,
  );
  setPasswordChangeForced(destination === AppPath.changePassword);
  return destination;
}

export interface LoginOptions {
  go?: string | null;
  /** Keep the credentials for auto-login (stored only on success). */
  remember?: boolean;
  /** Show what the error catalogue shows for a failure (false for silent auto-login). */
  alertOnFailure?: boolean;
  /**
   * Clear the remembered credentials on any failure (a typed login). Auto-login clears them itself,
   * only on login.cred.err and not.exists.user.
   */
  clearOnFailure?: boolean;
}

/** A login attempt under the processing lock. */
export async function submitLogin(payload: LoginPayload, options: LoginOptions = {}): Promise<LoginAttempt> {
  const outcome = await loginLock.run<LoginAttempt>(async () => {
    try {
      const result = await login(payload);
      return {
        status: 'success',
        destination: await completeLogin(result, payload, options.go, options.remember ?? true),
      };
    } catch (caught) {
      const error = asWpsError(caught);
      if (error.errorCode === ErrorCode.LOGIN_VERIFY_REQUIRED && isLoginVerifyRequired(error.data)) {
        return { status: 'verify', required: error.data, payload };
      }
      // The remembered password is cleared on login failure (login.cred.err, not.exists.user, …).
      if (options.clearOnFailure ?? true) credentialStore().clear();
      if (options.alertOnFailure ?? true) handleError(error);
      return { status: 'failed', error };
    }
  });
  return outcome.ran ? outcome.value : { status: 'ignored' };
}

/** The second-factor step; a success completes the login. */
export async function submitLoginVerification(
  verification: LoginVerificationPayload,
  original: LoginPayload,
  options: LoginOptions = {},
): Promise<{ status: 'sent' } | { status: 'success'; destination: string }> {
  const result = await verifyLogin(verification);
  if (result === null || !result.token) return { status: 'sent' };
  return {
    status: 'success',
    destination: await completeLogin(result, original, options.go, options.remember ?? true),
  };
}

export type RegistrationAttempt =
  | { status: 'ignored' }
  | { status: 'success'; destination: string | null; result: RegistrationResult }
  | { status: 'failed'; error: WpsError };

/** Where registration with login goes: the stored go-to target or /m/home. */
export function registrationDestination(): string {
  return postLoginDestination(sessionStore.getString(StorageKey.goTarget));
}

/** A registration under the processing lock (spec section 4). */
export async function submitRegistration(
  payload: RegistrationPayload,
  mobile: boolean,
): Promise<RegistrationAttempt> {
  const outcome = await registrationLock.run<RegistrationAttempt>(async () => {
    try {
      const result = await register(payload, mobile);
      if (!payload.login || !result.token) return { status: 'success', destination: null, result };
      startSession({
        token: result.token,
        id: result.customerId,
        userName: result.userName,
        customerType: result.customerType,
        firstTimeLogin: result.firstTimeLogin,
      });
      localStore.setString(StorageKey.autoLogin, '1');
      setPasswordChangeForced(false);
      const destination = registrationDestination();
      sessionStore.remove(StorageKey.goTarget);
      return { status: 'success', destination, result };
    } catch (caught) {
      const error = asWpsError(caught);
      if (error.errorCode === ErrorCode.LINE_INVALID_TOKEN) localStore.remove(StorageKey.lineSessionToken);
      handleError(error);
      return { status: 'failed', error };
    }
  });
  return outcome.ran ? outcome.value : { status: 'ignored' };
}
