/**
 * Taps on server-rendered markup whose code has not arrived yet. React 19 hydrates a Suspense
 * boundary of the server's markup when its code is there; a click on a button inside one that is
 * still waiting for its code is dropped (React stops its propagation and runs no handler), so the
 * member's tap on the marquee or the slide show's pause would be lost. Links are not affected: the
 * browser follows them itself.
 *
 * A click on a button is noted as it starts (capture phase, on the window) and struck off when it
 * reaches the window again (bubble phase): one that never got back was stopped. `replay()` — called
 * when a lazily loaded part has hydrated — clicks the same element again (hydration keeps the
 * server's DOM nodes), so the handler the member meant runs, a moment late.
 *
 * Before the app has started at all (`beforeApp`: the page's watcher, from the entry on) no handler
 * can have run, so every tap on a button is kept until `appStarted()`, and a form is not submitted
 * by the browser itself (a login form would put its password in the address): its submit button is
 * kept as a tap instead, and the app submits it when it replays.
 */

/** A tap older than this is not replayed: the member has moved on. */
export const EARLY_TAP_MAX_AGE_MS = 5_000;
/** A tap is tried again at most this many times (once per part that hydrates after it). */
export const EARLY_TAP_MAX_ATTEMPTS = 8;
/** At most this many taps are kept. */
const MAX_PENDING = 5;

const TAPPABLE = 'button,[role=button]';

interface PendingTap {
  element: HTMLElement;
  at: number;
  attempts: number;
  /** The latest click dispatched for it (the first or a replay). */
  event: Event;
}

export interface EarlyTaps {
  /** Clicks again, in order, the taps that were stopped and are still worth replaying. */
  replay(): void;
  /** React handles the page from now on (hydrateRoot): a tap that gets back to the window was handled. */
  appStarted(): void;
  stop(): void;
}

export function watchEarlyTaps(win: Window, now: () => number = Date.now, beforeApp = false): EarlyTaps {
  let pending: PendingTap[] = [];
  let replaying: PendingTap | null = null;
  let started = !beforeApp;

  const onCapture = (event: Event) => {
    if (replaying !== null) {
      replaying.event = event;
      pending.push(replaying);
      return;
    }
    const target = event.target;
    if (event.defaultPrevented || !(target instanceof Element)) return;
    const element = target.closest<HTMLElement>(TAPPABLE);
    if (element === null || element.closest('a[href]') !== null) return;
    note(element, event);
  };
  const note = (element: HTMLElement, event: Event) => {
    if (pending.some((tap) => tap.element === element)) return;
    pending.push({ element, at: now(), attempts: 0, event });
    if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
  };
  const onBubble = (event: Event) => {
    if (started) pending = pending.filter((tap) => tap.event !== event);
  };
  const onSubmit = (event: Event) => {
    if (started) return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter;
    if (submitter instanceof HTMLElement) note(submitter, event);
  };
  win.addEventListener('click', onCapture, { capture: true });
  win.addEventListener('click', onBubble);
  win.addEventListener('submit', onSubmit, { capture: true });

  return {
    replay() {
      const due = pending;
      pending = [];
      for (const tap of due) {
        // A handler that cancelled the click (a swipe guard) meant it: not a tap React dropped.
        if (tap.event.defaultPrevented || !tap.element.isConnected) continue;
        if (now() - tap.at > EARLY_TAP_MAX_AGE_MS || tap.attempts >= EARLY_TAP_MAX_ATTEMPTS) continue;
        if (tap.element.matches(':disabled')) continue;
        tap.attempts += 1;
        replaying = tap;
        try {
          tap.element.click();
        } finally {
          replaying = null;
        }
      }
    },
    appStarted() {
      started = true;
      // A tap made before the app waited for it: its age counts from now.
      const at = now();
      for (const tap of pending) tap.at = at;
    },
    stop() {
      win.removeEventListener('click', onCapture, { capture: true });
      win.removeEventListener('click', onBubble);
      win.removeEventListener('submit', onSubmit, { capture: true });
      pending = [];
    },
  };
}

let page: EarlyTaps | null = null;

/**
 * The page's one watcher: the entry (boot.ts) makes it before the app's code is fetched
 * (`beforeApp`); the parts and the first screen use the same one.
 */
export function pageTaps(win: Window, beforeApp = false): EarlyTaps {
  page ??= watchEarlyTaps(win, Date.now, beforeApp);
  return page;
}
