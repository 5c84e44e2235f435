import { WpsError } from '@/api/errors';
import { emitTransportEvent } from '@/api/events';
import { fetchPlaySession } from '@/api/endpoints/trust';
import { clearSession, getToken } from '@/state/session';
import { languageStore } from '@/state/language';
import { dialogQueue, type DialogRequest, type NoticeText } from '@/ui/notices';
import { breakDateText } from './dateText';
import { breakMessageKey, breakRunningOf, type BreakRunning } from './refusals';

/**
 * What a running break shows (issue 29 item 6), wherever the server said `rg_break_active`: at every
 * sign-in (password, SMS code, social, passkey) and on a session the break ended. A dialog says why
 * (a time-out until a date, a self-exclusion until a date or for good), that withdrawals stay
 * possible through customer service, and where to get help (the profile's help lines as links).
 */

/** The notice's texts: the reason, then the withdrawal line; the help lines as links. */
export function breakNoticeOf(
  running: BreakRunning | null,
  language: string,
): Omit<DialogRequest, 'id' | 'resolve'> {
  // An answer without readable details still says that a break runs.
  const message: NoticeText =
    running === null
      ? { key: 'rg_break_generic' }
      : running.until === null
        ? { key: breakMessageKey(running) }
        : { key: breakMessageKey(running), params: { date: breakDateText(running.until, language) } };
  return {
    kind: 'alert',
    title: { key: 'rg_break_notice_title' },
    message,
    confirmLabel: { key: 'confirm' },
    cancelLabel: { key: 'cancel' },
    details: {
      paragraphs: [{ key: 'rg_break_withdraw' }],
      linksTitle: { key: 'rg_help_title' },
      links: (running?.helpLines ?? []).map((line) => ({
        text: line.phone ? `${line.name} · ${line.phone}` : line.name,
        href: line.url,
      })),
    },
  };
}

let nextId = -1;

function queueNotice(running: BreakRunning | null): Promise<void> {
  // One at a time: several calls refused together say it once.
  if (dialogQueue.get().some((dialog) => isBreakNotice(dialog))) {
    return Promise.resolve();
  }
  const language = languageStore.get()?.language ?? 'EN';
  return new Promise((resolve) => {
    const id = nextId--;
    const request: DialogRequest = {
      ...breakNoticeOf(running, language),
      id,
      resolve: () => {
        dialogQueue.set(dialogQueue.get().filter((item) => item.id !== id));
        resolve();
      },
    };
    dialogQueue.set([...dialogQueue.get(), request]);
  });
}

function isBreakNotice(dialog: DialogRequest): boolean {
  return 'key' in dialog.title && dialog.title.key === 'rg_break_notice_title';
}

/**
 * Whether this tab's session is one the break ended: the session that took the break stays (to
 * withdraw) and still answers; another one answers `rg_break_active` (or that it is gone).
 */
async function sessionEnded(): Promise<boolean> {
  if (getToken() === null) return false;
  try {
    await fetchPlaySession();
    return false;
  } catch (error) {
    return error instanceof WpsError && (error.status === 401 || error.errorCode === 'rg_break_active');
  }
}

/** Shows why the member cannot sign in or play; a session the break ended is cleared first. */
export async function showBreakNotice(data: unknown): Promise<void> {
  const running = breakRunningOf(data);
  if (!(await sessionEnded())) return queueNotice(running);
  const { pathname, search, hash } = window.location;
  clearSession();
  emitTransportEvent('sessionLost');
  const { signOut } = await import('@/features/signOut/signOut');
  await signOut('sessionLost', { notice: () => queueNotice(running), from: { pathname, search, hash } });
}
