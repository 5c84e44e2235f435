import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { ErrorCode } from '@wps/contract/errorCodes';
import type {
  LoginPayload,
  LoginVerificationPayload,
  RegistrationPayload,
} from '@wps/contract/schemas/accounts';
import type { LoginVerifyRequired, RegistrationResult } from '@wps/contract/accounts';
import { WpsError } from '@/api/client';
import { login, register, verifyLogin } from '@/api/endpoints/accounts';
import { handleError, performErrorAction } from '@/features/apiErrors';
import { handOffRegistration } from '@/features/nativeShell';
import { trackEvent } from '@/features/tracking';
import { currentEnvironment } from '@/platform/environment';
import { localStore } from '@/platform/storage';
import type { NoticeText } from '@/ui/notices';
import type { FormMessage } from '@/ui/form';
import { formFailureFor, type FormFailure, createSubmitLock } from '@/ui/form';
import { signIn } from './signIn';

/**
 * The login and registration flows of spec section 4, shared by every screen and dialog: the
 * processing lock, the second factor, what a failure shows. A success signs in through the one owner
 * (`signIn.ts`).
 */

export const loginLock = createSubmitLock();
export const registrationLock = createSubmitLock();

export type LoginAttempt =
  | { status: 'ignored' }
  | { status: 'success'; destination: string }
  | { status: 'verify'; required: LoginVerifyRequired; payload: LoginPayload }
  | { status: 'failed'; error: WpsError; failure: FormFailure | null };

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

/** What a form shows for a refused login or registration (null: what the error catalogue shows). */
function reportFailure(error: WpsError, scene: 'login' | 'register', show: boolean): FormFailure | null {
  const failure = formFailureFor(error, scene);
  if (!show) return failure;
  if (failure === null) handleError(error);
  // Not about one field (a wrong password, an unreadable request): an alert, as spec section 8 says,
  // in the member's language.
  else if (failure.form) void performErrorAction({ kind: 'alert', message: noticeOf(failure.form) });
  return failure;
}

function noticeOf(message: FormMessage): NoticeText {
  const params = message.params
    ? Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, String(value)]))
    : undefined;
  return params ? { key: message.key, params } : { key: message.key };
}

export interface LoginOptions {
  go?: string | null;
  /** Remember me: the session is kept for the device (every tab), not only this tab. Default off. */
  remember?: boolean;
  /**
   * Show a failure: a translated alert when it is about no one field, else what the error catalogue
   * shows; field messages are the form's.
   */
  alertOnFailure?: boolean;
}

/** A login attempt under the processing lock. */
export async function submitLogin(payload: LoginPayload, options: LoginOptions = {}): Promise<LoginAttempt> {
  const outcome = await loginLock.run<LoginAttempt>(async () => {
    try {
      const result = await login(payload);
      return {
        status: 'success',
        destination: await signIn(result, {
          source: 'login',
          payload,
          remember: options.remember ?? false,
          go: options.go,
        }),
      };
    } catch (caught) {
      const error = asWpsError(caught);
      if (error.errorCode === ErrorCode.LOGIN_VERIFY_REQUIRED && isLoginVerifyRequired(error.data)) {
        return { status: 'verify', required: error.data, payload };
      }
      const failure = reportFailure(error, 'login', options.alertOnFailure ?? true);
      return { status: 'failed', error, failure };
    }
  });
  return outcome.ran ? outcome.value : { status: 'ignored' };
}

/** The second-factor step; a success completes the login (`original` null: a passkey's first step). */
export async function submitLoginVerification(
  verification: LoginVerificationPayload,
  original: LoginPayload | null,
  options: LoginOptions = {},
): Promise<{ status: 'sent' } | { status: 'success'; destination: string }> {
  const result = await verifyLogin(verification);
  if (result === null || !result.token) return { status: 'sent' };
  return {
    status: 'success',
    destination: await signIn(
      result,
      original === null
        ? { source: 'passkey', go: options.go, remember: options.remember ?? false }
        : { source: 'secondFactor', payload: original, remember: options.remember ?? false, go: options.go },
    ),
  };
}

export type RegistrationAttempt =
  | { status: 'ignored' }
  | { status: 'success'; destination: string | null; result: RegistrationResult }
  | { status: 'failed'; error: WpsError; failure: FormFailure | null };

/** A registration under the processing lock (spec section 4). */
export async function submitRegistration(
  payload: RegistrationPayload,
  mobile: boolean,
): Promise<RegistrationAttempt> {
  const outcome = await registrationLock.run<RegistrationAttempt>(async () => {
    try {
      trackEvent('registerSubmit');
      const result = await register(payload, mobile);
      trackEvent('register', { customer: { id: result.customerId, name: result.userName } });
      if (!payload.login || !result.token) return { status: 'success', destination: null, result };
      const destination = await signIn(
        {
          token: result.token,
          id: result.customerId,
          userName: result.userName,
          customerType: result.customerType,
          firstTimeLogin: result.firstTimeLogin,
        },
        { source: 'registration' },
      );
      // Inside the native shell its handler takes over from here (docs/native-shell.md).
      if (currentEnvironment().isNativeApp) {
        handOffRegistration({
          token: result.token,
          userName: result.userName,
          firstTimeLogin: result.firstTimeLogin,
        });
      }
      return { status: 'success', destination, result };
    } catch (caught) {
      const error = asWpsError(caught);
      if (error.errorCode === ErrorCode.LINE_INVALID_TOKEN)
        localStore.remove(LazyStorageKey.lineSessionToken);
      const failure = reportFailure(error, 'register', true);
      return { status: 'failed', error, failure };
    }
  });
  return outcome.ran ? outcome.value : { status: 'ignored' };
}
