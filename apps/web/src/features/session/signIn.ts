import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { AppPath } from '@wps/contract/routes';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import { postLoginDestination } from '@/lib/navigation';
import { localStore, sessionStore } from '@/platform/storage';
import { getMerchantCode } from '@/state/merchant';
import { forgetDeviceSession, setSession } from '@/state/session';
import { currentSettings } from '@/state/settings';
import { DEFAULT_MOBILE_REGISTRATION_PASSWORD } from './defaultPassword';
import { afterLoginDestination } from './destination';
import { setPasswordChangeForced } from '@/state/forcedPasswordChange';
import { markSignedOut } from '@/state/signedOut';
import { trackEvent } from '@/features/tracking';

/**
 * The one owner of signing in and out (spec section 4, "Login by auth token", and the logout of
 * section 8): every login, registration with login, second factor and auto-login ends in `signIn`;
 * the member's Log out (member page, forced password change) and a session the server ended end in
 * `signOut` (its own feature, features/signOut: the error catalogue's please-login flow needs it, and
 * the sign-in flows here report failures through that catalogue). Nothing else writes or clears the
 * session store, but for the token an arrival URL carries (main.tsx, before anything renders).
 *
 * What follows the stored token is not repeated here; both watchers run synchronously inside the
 * `setSession` / `clearSession` of these functions (and for a token that arrives without a sign-in:
 * the `token` query, a reloaded tab):
 * - `watchDataScope` (queries/store.ts): the client's response cache and the member's data of the
 *   old session are dropped;
 * - `watchToken` (tokenEffects.ts): a token appearing loads member info, rank progress and unread
 *   count and tells the support chat who the member is; a token lost logs the chat out.
 *
 * No password is ever stored: "Remember me" keeps the session's token for the device (every tab of
 * this browser), and only the username is kept to fill the login form
 * (docs/decisions/remember-me-token.md).
 */

/** Who signs in. */
export type SignInSource = 'login' | 'secondFactor' | 'registration' | 'passkey';

/** The session a login or a registration with login answered. */
export interface SignInResult {
  token: string;
  id: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired?: boolean;
}

export type SignInContext =
  | {
      source: Exclude<SignInSource, 'registration'>;
      /** What was sent: the username to fill the form next time, the typed password for the rules. */
      payload: LoginPayload;
      /** Remember me: the session is kept for the device (every tab), not only this tab. */
      remember: boolean;
      /** The `go` query of the login page. */
      go?: string | null;
    }
  | { source: 'registration' }
  /** A passkey sign-in (and its second factor): no typed password; Remember me as on the form. */
  | { source: 'passkey'; go?: string | null; remember?: boolean };

function newSpanId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : String(Date.now());
}

/** Where registration with login goes: the stored go-to target or /m/home (spec section 2). */
export function registrationDestination(): string {
  return postLoginDestination(sessionStore.getString(LazyStorageKey.goTarget));
}

function destinationOf(result: SignInResult, context: SignInContext): string {
  if (context.source === 'registration') return registrationDestination();
  const flags = currentSettings()?.whitelabelVal;
  return afterLoginDestination(
    {
      firstTimeLogin: result.firstTimeLogin,
      passwordExpired: result.passwordExpired ?? false,
      password:
        context.source !== 'passkey' && context.payload.type === 'username'
          ? (context.payload.password ?? null)
          : null,
    },
    {
      forceChangeExpired: Boolean(flags?.PWDEXPFORCECHANGE3),
      defaultMobilePassword: DEFAULT_MOBILE_REGISTRATION_PASSWORD,
    },
    context.go,
  );
}

/** The name a typed username login used, kept to fill the form next time (never the password). */
function rememberName(payload: LoginPayload): void {
  if (payload.type === 'username' && payload.username) {
    localStore.setString(LazyStorageKey.rememberedName, payload.username);
  }
}

/**
 * Signs a member in and answers where to go next (the caller navigates: a dialog closes first,
 * a remembered session in a new tab needs no sign-in). In order: the forced-change flag (set before the
 * session so no page shows in between), the go-to target of a registration used up, the session with a
 * new span id — for the device with Remember me (unless a password change is forced), else for this tab
 * with a device session of an earlier sign-in forgotten —, the username to fill the form next time.
 */
export async function signIn(result: SignInResult, context: SignInContext): Promise<string> {
  const destination = destinationOf(result, context);
  setPasswordChangeForced(destination === AppPath.changePassword);
  if (context.source === 'registration') sessionStore.remove(LazyStorageKey.goTarget);
  markSignedOut(false);
  // A forced password change is this tab's flag: a new tab must not open past it, so such a sign-in
  // is kept for the tab only.
  const remember =
    context.source !== 'registration' && context.remember === true && destination !== AppPath.changePassword;
  setSession(
    {
      spanId: newSpanId(),
      id: result.id,
      token: result.token,
      merchantCode: getMerchantCode() ?? '',
      userName: result.userName,
      type: result.customerType,
      firstTimeLogin: result.firstTimeLogin,
    },
    remember ? 'device' : 'tab',
  );
  // A sign-in not remembered replaces any remembered one: the next tab must not open as someone else.
  if (!remember) forgetDeviceSession();
  if (context.source !== 'registration') trackEvent('login');
  if (context.source === 'login' || context.source === 'secondFactor') rememberName(context.payload);
  return destination;
}
