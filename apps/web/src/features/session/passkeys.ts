import { ErrorCode } from '@wps/contract/errorCodes';
import { SESSION_LOST_CODES } from '@wps/contract/errors';
import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { type PasskeyInfo, PasskeyErrorCode } from '@wps/contract/passkeys';
import type * as WebAuthn from '@simplewebauthn/browser';
import { WpsError } from '@/api/client';
import {
  deletePasskey,
  fetchPasskeys,
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  renamePasskey,
} from '@/api/endpoints/passkeys';
import { handleError } from '@/features/apiErrors';
import type { MessageKey } from '@/i18n';
import { getDeviceId } from '@/platform/deviceId';
import { currentEnvironment, loginDeviceFor } from '@/platform/environment';
import type { QuerySpec } from '@/queries/store';
import { loginLock } from './authFlow';
import { signIn } from './signIn';

/**
 * Passkeys on the web (docs/passkeys.md): adding one in the member area, and signing in with one from
 * the login form — by the browser's autofill (conditional mediation) or by a button. The WebAuthn
 * library (@simplewebauthn/browser) is imported only when a flow needs it, never with a first load.
 */

type WebAuthnLibrary = typeof WebAuthn;

let library: Promise<WebAuthnLibrary> | null = null;

/** The library, loaded once (a failed load is tried again next time). */
export function loadWebAuthn(): Promise<WebAuthnLibrary> {
  library ??= import('@simplewebauthn/browser').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

/** Whether the browser has WebAuthn at all (no library needed to ask). */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in the username field's autofill. */
export async function autofillAvailable(): Promise<boolean> {
  if (!webAuthnAvailable()) return false;
  const { browserSupportsWebAuthnAutofill } = await loadWebAuthn();
  return browserSupportsWebAuthnAutofill();
}

/** The member closed the browser's sheet, it timed out, or another ceremony replaced this one: nothing to say. */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** The translated text of a failed passkey flow. */
export function passkeyErrorKey(error: unknown): MessageKey {
  if (!(error instanceof WpsError)) {
    return error instanceof Error && error.name === 'InvalidStateError' ? 'passkey_exists' : 'passkey_failed';
  }
  switch (error.errorCode) {
    case PasskeyErrorCode.CHALLENGE_EXPIRED:
      return 'passkey_expired';
    case PasskeyErrorCode.UNAVAILABLE:
      return 'passkey_unavailable';
    case PasskeyErrorCode.CONFLICT:
      return 'passkey_exists';
    case PasskeyErrorCode.INVALID:
      return 'passkey_not_recognised';
    default:
      return error.status === 0 ? 'network_error' : 'passkey_failed';
  }
}

/** A session the server ended: the please-login flow of the error catalogue, as every member call. */
function reportSessionLoss(error: unknown): void {
  if (error instanceof WpsError && SESSION_LOST_CODES.includes(error.errorCode)) handleError(error);
}

// ---- the member's passkeys -------------------------------------------------------------------------

export const passkeysQuery: QuerySpec<PasskeyInfo[]> = {
  key: ['passkeys'],
  load: () =>
    fetchPasskeys().catch((error: unknown) => {
      reportSessionLoss(error);
      throw error;
    }),
  member: true,
};

/** Runs a member's passkey change; a lost session goes to the please-login flow, other failures to the caller. */
async function memberCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    reportSessionLoss(error);
    throw error;
  }
}

/** Creates a passkey on this device and keeps it on the server. Throws what went wrong (see isCancelled). */
export function addPasskey(): Promise<PasskeyInfo> {
  return memberCall(async () => {
    const [optionsJSON, { startRegistration }] = await Promise.all([
      passkeyRegistrationOptions(),
      loadWebAuthn(),
    ]);
    const credential = await startRegistration({ optionsJSON });
    return registerPasskey({ credential });
  });
}

export function renameOwnPasskey(id: string, name: string): Promise<null> {
  return memberCall(() => renamePasskey({ id, name }));
}

export function removeOwnPasskey(id: string): Promise<null> {
  return memberCall(() => deletePasskey({ id }));
}

// ---- sign-in ---------------------------------------------------------------------------------------

export type PasskeySignIn =
  | { status: 'ignored' }
  | { status: 'cancelled' }
  | { status: 'success'; destination: string }
  | { status: 'verify'; required: LoginVerifyRequired }
  | { status: 'failed'; message: MessageKey };

function isLoginVerifyRequired(value: unknown): value is LoginVerifyRequired {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.verifyToken === 'string' && Array.isArray(record.methods) && record.methods.length > 0;
}

/**
 * Signs in with a passkey: `autofill` waits for the member to pick one in the username field's
 * suggestions (conditional mediation) and may wait as long as the page is open; otherwise the
 * browser's passkey sheet opens at once. Only the server's check runs under the login lock, so a
 * pending autofill never blocks the password form. A second factor answers `verify`.
 */
export async function signInWithPasskey(options: {
  autofill: boolean;
  go: string | null;
  /** Remember me, read when the server has accepted the passkey. */
  remember?: () => boolean;
}): Promise<PasskeySignIn> {
  let credential: Awaited<ReturnType<WebAuthnLibrary['startAuthentication']>>;
  try {
    const [optionsJSON, { startAuthentication }] = await Promise.all([passkeyLoginOptions(), loadWebAuthn()]);
    credential = await startAuthentication({ optionsJSON, useBrowserAutofill: options.autofill });
  } catch (error) {
    return isCancelled(error)
      ? { status: 'cancelled' }
      : { status: 'failed', message: passkeyErrorKey(error) };
  }
  const env = currentEnvironment();
  const device = loginDeviceFor(env);
  const outcome = await loginLock.run<PasskeySignIn>(async () => {
    try {
      const result = await passkeyLogin({
        credential,
        loginDeviceId: getDeviceId(),
        isOfficialAppLogin: env.isNativeApp,
        ...(device ? { device } : {}),
      });
      return {
        status: 'success',
        destination: await signIn(result, {
          source: 'passkey',
          go: options.go,
          remember: options.remember?.() ?? false,
        }),
      };
    } catch (error) {
      if (
        error instanceof WpsError &&
        error.errorCode === ErrorCode.LOGIN_VERIFY_REQUIRED &&
        isLoginVerifyRequired(error.data)
      ) {
        return { status: 'verify', required: error.data };
      }
      // A break that runs (issue 29): its own notice says why and where to get help; nothing more here.
      if (error instanceof WpsError && error.errorCode === 'rg_break_active') {
        handleError(error);
        return { status: 'cancelled' };
      }
      return { status: 'failed', message: passkeyErrorKey(error) };
    }
  });
  return outcome.ran ? outcome.value : { status: 'ignored' };
}

/** Ends a pending autofill request (the login form leaving). */
export async function cancelPasskeyAutofill(): Promise<void> {
  if (library === null) return;
  const { WebAuthnAbortService } = await library;
  WebAuthnAbortService.cancelCeremony();
}
