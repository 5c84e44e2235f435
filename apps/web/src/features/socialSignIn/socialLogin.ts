import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { ErrorCode } from '@wps/contract/errorCodes';
import { TrustErrorCode } from '@wps/contract/trust';
import { SOCIAL_BIND_TOKEN_TTL_MS, type SocialProvider } from '@wps/contract/social';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { LoginResult, LoginVerifyRequired } from '@wps/contract/accounts';
import { WpsError } from '@/api/client';
import { login } from '@/api/endpoints/accounts';
import { handleError } from '@/features/apiErrors';
import {
  loginLock,
  signIn,
  choosePendingBind,
  isBindCustomerRequired,
  pendingBindStore,
  type PendingBind,
} from '@/features/session';
import { localStore } from '@/platform/storage';
import { showAlert } from '@/ui/notices';

/**
 * Every social login ends here (spec sections 4 and 8): Firebase through the login call, LINE and
 * Telegram through their own calls. A session signs in through the one owner; a sign-in that matches
 * no account (`not.exists.user`, `bind_customer_required`) becomes the pending bind of the confirm
 * dialog; `line_invalid_token` drops the stored LINE token; `telegram_validate_failed` alerts (the
 * caller clears the auth); anything else is the error catalogue's.
 */

export type SocialLoginOutcome =
  | { status: 'ignored' }
  | { status: 'success'; destination: string }
  | { status: 'verify'; required: LoginVerifyRequired; payload: LoginPayload }
  | { status: 'bind'; pending: PendingBind }
  /** The merchant needs the date of birth (issue 29): to the registration form, the sign-in carried. */
  | { status: 'register'; pending: PendingBind }
  | { status: 'failed'; error: WpsError };

export type SocialFailure = 'bind' | 'register' | 'lineInvalid' | 'telegramInvalid' | 'verify' | 'catalogue';

/** What a refused social login means. */
export function socialFailureOf(error: WpsError): SocialFailure {
  switch (error.errorCode) {
    case ErrorCode.BIND_CUSTOMER_REQUIRED:
    case ErrorCode.NOT_EXISTS_USER:
      return 'bind';
    case ErrorCode.LINE_INVALID_TOKEN:
      return 'lineInvalid';
    case ErrorCode.TELEGRAM_VALIDATE_FAILED:
      return 'telegramInvalid';
    case ErrorCode.LOGIN_VERIFY_REQUIRED:
      return 'verify';
    // No age stated as the profile asks: with a bind token, the form asks it and links the sign-in.
    case TrustErrorCode.UNDER_AGE:
      return isBindCustomerRequired(error.data) ? 'register' : 'catalogue';
    default:
      return 'catalogue';
  }
}

function isLoginVerifyRequired(value: unknown): value is LoginVerifyRequired {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.verifyToken === 'string' && Array.isArray(record.methods) && record.methods.length > 0;
}

/** The pending bind of a refusal: the server's bind token, else the provider's proof alone. */
export function pendingBindOf(
  error: WpsError,
  provider: SocialProvider,
  social: PendingBind['social'],
  now: number,
): PendingBind {
  if (isBindCustomerRequired(error.data)) {
    const { bindToken, displayName, expiresIn } = error.data;
    return {
      provider: error.data.provider,
      displayName,
      bindToken,
      social,
      expiresAt: now + Math.min(Math.max(expiresIn, 0) * 1000, SOCIAL_BIND_TOKEN_TTL_MS),
    };
  }
  return { provider, displayName: null, bindToken: null, social, expiresAt: now + SOCIAL_BIND_TOKEN_TTL_MS };
}

export interface SocialLoginRequest {
  provider: SocialProvider;
  /** The login payload (what a second factor completes); its type names the provider. */
  payload: LoginPayload;
  /** The call; the login call by default. */
  send?: () => Promise<LoginResult>;
  /** The provider's proof, as a registration would carry it. */
  social: PendingBind['social'];
  go: string | null;
}

/** A social login under the login lock. */
export async function socialLogin(request: SocialLoginRequest): Promise<SocialLoginOutcome> {
  const send = request.send ?? (() => login(request.payload));
  const outcome = await loginLock.run<SocialLoginOutcome>(async () => {
    try {
      const result = await send();
      const destination = await signIn(result, {
        source: 'login',
        payload: request.payload,
        remember: false,
        go: request.go,
      });
      return { status: 'success', destination };
    } catch (caught) {
      const error =
        caught instanceof WpsError
          ? caught
          : new WpsError(0, 'unknown', caught instanceof Error ? caught.message : String(caught));
      const failure = socialFailureOf(error);
      if (failure === 'verify' && isLoginVerifyRequired(error.data)) {
        return { status: 'verify', required: error.data, payload: request.payload };
      }
      if (failure === 'bind' || failure === 'register') {
        const pending = pendingBindOf(error, request.provider, request.social, Date.now());
        pendingBindStore.set(pending);
        if (failure === 'bind') return { status: 'bind', pending };
        choosePendingBind();
        return { status: 'register', pending };
      }
      if (failure === 'lineInvalid') localStore.remove(LazyStorageKey.lineSessionToken);
      if (failure === 'telegramInvalid') void showAlert({ key: 'telegram_validate_failed' });
      else handleError(error);
      return { status: 'failed', error };
    }
  });
  return outcome.ran ? outcome.value : { status: 'ignored' };
}
