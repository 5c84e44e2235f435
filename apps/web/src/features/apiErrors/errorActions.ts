import { dialogQueue, showAlert, showToast, type NoticeText } from '@/ui/notices';
import { errorAction, errorFacts, type ErrorAction } from './errorCatalogue';
import type { WpsError } from '@/api/errors';
import { emitTransportEvent } from '@/api/events';
import { clearSession } from '@/state/session';
import { showOfflineToast } from './networkToast';
import { sessionLimitMinutesOf } from '@/features/rgRefusals';

let loggingOut = false;

const sameText = (a: NoticeText, b: NoticeText) => JSON.stringify(a) === JSON.stringify(b);

/** An alert titled notice; not queued twice while the same text is already waiting or shown. */
function alertOnce(message: NoticeText): Promise<void> {
  const queued = dialogQueue
    .get()
    .some(
      (dialog) =>
        dialog.kind === 'alert' &&
        sameText(dialog.message, message) &&
        sameText(dialog.title, { key: 'notice' }),
    );
  return queued ? Promise.resolve() : showAlert(message);
}

/**
 * The please-login flow: the session ends at once through the sign-out owner (so nothing else is
 * sent with the dead token), the user is told, then taken to /m/login with `go` set to where they
 * were. Several calls failing together run it once.
 */
async function pleaseLogin(notice: NoticeText = { key: 'please_login' }): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    // The session ends at once, so nothing else is sent with the dead token; the rest of the
    // sign-out (its own chunk: every page needs it rarely) shows the notice, then navigates back to
    // where the member was, read before the route guard reacts to the clear.
    const { pathname, search, hash } = window.location;
    clearSession();
    emitTransportEvent('sessionLost');
    const { signOut } = await import('@/features/signOut/signOut');
    await signOut('sessionLost', {
      notice: () => showAlert(notice),
      from: { pathname, search, hash },
    });
  } finally {
    loggingOut = false;
  }
}

/** Performs one action of the error catalogue; resolves when the user has seen it. */
export async function performErrorAction(action: ErrorAction): Promise<void> {
  switch (action.kind) {
    case 'pleaseLogin':
      return pleaseLogin();
    case 'silent':
      return;
    case 'toast':
      showToast(`request-${action.message}`, { key: action.message });
      return;
    case 'offlineToast':
      showOfflineToast();
      return;
    case 'tokenIpDifferent':
      emitTransportEvent('tokenIpDifferent');
      return action.sessionLost ? pleaseLogin() : alertOnce(action.message);
    case 'alert':
      return alertOnce(action.message);
    case 'sessionLimit': {
      const minutes = sessionLimitMinutesOf(action.data);
      return pleaseLogin(
        minutes === null
          ? { key: 'rg_session_ended' }
          : { key: 'rg_session_ended_minutes', params: { minutes: String(minutes) } },
      );
    }
    case 'breakActive':
      // Its own chunk: the dialog, the help lines and the check of whether this session survived.
      return import('@/features/rgRefusals/breakNotice').then(
        (module) => module.showBreakNotice(action.data),
        () => alertOnce(action.message),
      );
  }
}

/** The client's default handling of a failed call: catalogue row → what the user sees. */
export function handleError(error: WpsError): void {
  // New terms to accept (a deposit or a launch refused, issue 29): the terms dialog, not an alert.
  const terms = termsVersionOf(error);
  if (terms !== null) {
    void import('@/features/terms/termsPrompt').then((module) => module.promptTerms(terms));
    return;
  }
  void performErrorAction(errorAction(errorFacts(error)));
}

/** The version a rg_terms_required refusal asks to accept; null for any other failure. */
export function termsVersionOf(error: { errorCode: string; data?: unknown }): number | null {
  if (error.errorCode !== 'rg_terms_required') return null;
  const version = (error.data as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' && version > 0 ? version : null;
}
