import { NETWORK_ERROR, type WpsError } from '@/api/errors';
import { whenIdle } from '@/platform/idle';
import { showToast } from '@/ui/notices';

/**
 * The client's handling of a failed call as the app's start-up gives it (main.tsx `configureClient`):
 * the error catalogue and its actions (`errorActions.ts`, their own chunk) are out of the first load.
 * They are fetched once the page is idle (so they are there before most failures) or with the first
 * failure, whichever comes first; the failure is then handled as the catalogue says. Code that loads
 * later (screens, the session's flows) imports them through the face, `@/features/apiErrors`.
 */

export interface ErrorHandling {
  handleError: (error: WpsError) => void;
}

export interface LazyErrorHandler extends ErrorHandling {
  /** Fetches the error actions when the page is idle, before a failure needs them. */
  preload: () => void;
}

/** The toast shown when the catalogue itself cannot be fetched: the network is gone. */
export const UNREACHABLE_TOAST_ID = 'request-unreachable';

/** A handler that loads the real one (once; a failed fetch is tried again with the next failure). */
export function lazyErrorHandler(
  load: () => Promise<ErrorHandling>,
  idle: () => Promise<void> = whenIdle,
): LazyErrorHandler {
  let actions: Promise<ErrorHandling> | null = null;
  const loadOnce = () => {
    actions ??= load().catch((error: unknown) => {
      actions = null;
      throw error;
    });
    return actions;
  };
  return {
    preload: () => {
      void idle()
        .then(loadOnce)
        .catch(() => undefined);
    },
    // When even the chunk cannot be fetched and the call got no answer, the network is gone: the
    // offline text shows (the catalogue's own answer to most such failures).
    handleError: (error) => {
      loadOnce().then(
        (module) => module.handleError(error),
        () => {
          if (error.status === 0 && error.errorCode === NETWORK_ERROR)
            showToast(UNREACHABLE_TOAST_ID, { key: 'network_offline' });
        },
      );
    },
  };
}

const handler = lazyErrorHandler(() => import('./errorActions'));

/** The app's handling of a failed call (spec section 8): the error catalogue, loaded on demand. */
export const handleError = handler.handleError;
/** Fetches the error catalogue once the page is idle (main.tsx). */
export const preloadErrorActions = handler.preload;
