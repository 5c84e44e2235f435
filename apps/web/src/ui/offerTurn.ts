import { SCREEN_FOR_PATH, type ScreenName } from '@wps/contract/routes';
import { isPasswordChangeForced } from '@/state/forcedPasswordChange';
import { isModalOpen, whenNoModalOpen } from './Modal';

/**
 * One queue for what opens by itself (the lobby's popup announcement, the notification prompt, the
 * add-to-home-screen offer): one at a time, first asked first shown, never over a dialog, and never
 * while the person is in the middle of a task — signing in or up, a forced password change, an agent
 * creating an account, a game starting, a message being written. An offer asks for its turn, shows
 * itself, and hands the turn on when it closes.
 */

/** Screens where a person is doing something an offer must not interrupt. */
export const TASK_SCREENS: readonly ScreenName[] = [
  'Login',
  'Register',
  'ChangePassword',
  'AgentRegister',
  'LaunchGame',
  'Feedback',
  'SupportChat',
  'MemberSettings',
];

/** How often a waiting offer looks again while a task is on screen (navigation needs no event). */
export const TASK_RECHECK_MS = 1_000;

/** Whether the page at `pathname` is in a task (a forced password change is one wherever it is). */
export function isInTask(pathname: string, forcedPasswordChange = isPasswordChangeForced()): boolean {
  if (forcedPasswordChange) return true;
  const path = pathname.replace(/\/+$/, '') || '/';
  const screen = (SCREEN_FOR_PATH as Record<string, ScreenName | undefined>)[path];
  return screen !== undefined && TASK_SCREENS.includes(screen);
}

interface Waiter {
  grant: (release: () => void) => void;
  left: boolean;
}

const waiting: Waiter[] = [];
let turnTaken = false;
let recheck: ReturnType<typeof setTimeout> | undefined;
let stopWaitingForModal: (() => void) | undefined;

function handOn(): void {
  while (waiting[0]?.left) waiting.shift();
  const next = waiting[0];
  if (turnTaken || next === undefined || recheck !== undefined || stopWaitingForModal !== undefined) return;
  if (isModalOpen()) {
    stopWaitingForModal = whenNoModalOpen(() => {
      stopWaitingForModal = undefined;
      handOn();
    });
    return;
  }
  if (isInTask(window.location.pathname)) {
    recheck = setTimeout(() => {
      recheck = undefined;
      handOn();
    }, TASK_RECHECK_MS);
    return;
  }
  waiting.shift();
  turnTaken = true;
  let released = false;
  next.grant(() => {
    if (released) return;
    released = true;
    turnTaken = false;
    handOn();
  });
}

/**
 * Resolves when it is this offer's turn, with the function that hands the turn on (call it when the
 * offer has closed, or decided not to show). Aborting the signal leaves the queue.
 */
export function waitForOfferTurn(signal?: AbortSignal): Promise<() => void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const waiter: Waiter = { grant: resolve, left: false };
    waiting.push(waiter);
    signal?.addEventListener(
      'abort',
      () => {
        waiter.left = true;
        reject(signal.reason);
        handOn();
      },
      { once: true },
    );
    handOn();
  });
}

/** Tests: an empty queue. */
export function resetOfferTurnsForTests(): void {
  waiting.length = 0;
  turnTaken = false;
  if (recheck !== undefined) clearTimeout(recheck);
  recheck = undefined;
  stopWaitingForModal?.();
  stopWaitingForModal = undefined;
}
