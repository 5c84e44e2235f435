import { AppPath } from '@wps/contract/routes';
import { logout } from '@/api/endpoints/accounts';
import { navigateTo } from '@/features/navigation';
import { collectKeptParams, loginRedirectFor, withKeptParams } from '@/lib/navigation';
import { getStoredKeptParams } from '@/platform/arrival';
import { clearSession, getToken } from '@/state/session';
import { setPasswordChangeForced } from '@/state/forcedPasswordChange';
import { markSignedOut } from '@/state/signedOut';

/**
 * Why a session ends: the member's Log out on the member page or on the forced password change, or
 * the server ending it (the please-login flow of the error catalogue).
 */
export type SignOutReason = 'logout' | 'forcedChangeLogout' | 'sessionLost';

export interface SignOutOptions {
  /**
   * Goes to an app href; a screen passes its router navigation (it keeps the tracking parameters).
   * Default: `navigateTo` with the kept parameters.
   */
  navigate?: (href: string, replace: boolean) => void;
  /** Shown once the session has ended, before navigating (the please-login alert). */
  notice?: () => Promise<void>;
  /** Where the member was, when the caller read it before ending the session itself. */
  from?: { pathname: string; search: string; hash: string };
}

/** How long the route guard treats a missing session as a logout rather than a lost session. */
export const SIGNED_OUT_GRACE_MS = 200;

function defaultNavigate(href: string, replace: boolean): void {
  const kept = collectKeptParams(window.location.search, getStoredKeptParams());
  navigateTo(withKeptParams(href, kept), { replace });
}

/**
 * Ends the session. The member's own Log out sends the revoke of the session's token to the server
 * (kept alive, not waited for) and goes home; a lost session (already dead on the server) goes to
 * /m/login with `go` set to where the member was, after `notice`. Both clear the forced-change flag
 * and the session store — this tab's and the device's remembered one, so every other tab that used it
 * is signed out too (the storage event) — and the watchers then drop the response cache and the
 * member's data, and log the chat out. The remembered username stays: it fills the login form.
 */
export async function signOut(reason: SignOutReason, options: SignOutOptions = {}): Promise<void> {
  const byMember = reason !== 'sessionLost';
  const navigate = options.navigate ?? defaultNavigate;
  // Where a lost session returns after the login: read before the route guard reacts to the clear.
  const { pathname, search, hash } = options.from ?? window.location;
  if (byMember) {
    // Not waited for: a member who taps Log out and then leaves the page is logged out all the same.
    const token = getToken();
    if (token !== null) void logout(token).catch(() => undefined);
  }
  setPasswordChangeForced(false);
  // A protected page left by the member's own logout goes home, not to the login page.
  markSignedOut(byMember);
  clearSession();
  if (options.notice) await options.notice();
  if (byMember) {
    navigate(AppPath.home, true);
    setTimeout(() => markSignedOut(false), SIGNED_OUT_GRACE_MS);
  } else {
    navigate(loginRedirectFor(pathname, search, hash), window.location.pathname === AppPath.login);
  }
}
