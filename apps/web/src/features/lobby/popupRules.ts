import type { AnnouncementPopup } from '@wps/contract/games';

/**
 * The rules of the popup announcement, exactly as the contract documents its options
 * (`AnnouncementPopup` in packages/contract games.ts):
 *
 * - it shows when popupList is not empty;
 * - without forcePopup: once per session, and not again on a local day after "don't show again
 *   today" was ticked; with forcePopup: every time the home opens, and no today checkbox;
 * - the today checkbox is offered when showTodayCheckbox and not forcePopup;
 * - waitSeconds: it may not be closed before that time has passed (a countdown shows);
 * - forceRead: it may not be closed before every page has been seen;
 * - outsideClose: a tap on the backdrop closes it, once closing is allowed;
 * - showClose: the close button is shown. When neither showClose nor outsideClose would leave a touch
 *   user any way out, the close button is shown anyway (a modal must never trap anyone); Escape closes
 *   whenever closing is allowed.
 */

/** sessionStorage: the popup was shown in this session (per merchant). */
export function popupShownKey(merchantCode: string): string {
  return `wps.lobbyPopupShown.${merchantCode}`;
}

/** localStorage: the local date (YYYY-MM-DD) "don't show again today" was ticked (per merchant). */
export function popupHiddenOnKey(merchantCode: string): string {
  return `wps.lobbyPopupHiddenOn.${merchantCode}`;
}

/** The local calendar date of `now` as YYYY-MM-DD (the user's day, not UTC's). */
export function localDateKey(now: Date): string {
  const year = String(now.getFullYear()).padStart(4, '0');
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export interface PopupMemory {
  /** Shown already in this session. */
  shownThisSession: boolean;
  /** The stored "don't show again today" date, or null. */
  hiddenOn: string | null;
  /** Today's local date (localDateKey). */
  today: string;
}

/**
 * The popup's pages written for this person: a visitor never sees a members' page ("secure your
 * account"), a member never a visitors' one ("no account needed"). No audience: everyone's.
 */
export function forAudience(popup: AnnouncementPopup, signedIn: boolean): AnnouncementPopup {
  const list = Array.isArray(popup.popupList) ? popup.popupList : [];
  return {
    ...popup,
    popupList: list.filter((page) =>
      page.audience === 'members' ? signedIn : page.audience === 'visitors' ? !signedIn : true,
    ),
  };
}

export function shouldShowPopup(popup: AnnouncementPopup | null | undefined, memory: PopupMemory): boolean {
  if (!popup || !Array.isArray(popup.popupList) || popup.popupList.length === 0) return false;
  if (popup.forcePopup) return true;
  if (memory.shownThisSession) return false;
  return memory.hiddenOn !== memory.today;
}

export function offersTodayCheckbox(popup: AnnouncementPopup): boolean {
  return popup.showTodayCheckbox && !popup.forcePopup;
}

export function waitMs(popup: AnnouncementPopup): number {
  const seconds = Number.isFinite(popup.waitSeconds) ? Math.max(0, popup.waitSeconds) : 0;
  return seconds * 1000;
}

/** Whole seconds left before it may be closed (0 once the wait is over). */
export function secondsLeft(popup: AnnouncementPopup, elapsedMs: number): number {
  return Math.max(0, Math.ceil((waitMs(popup) - elapsedMs) / 1000));
}

export interface PopupProgress {
  /** Time since the popup opened. */
  elapsedMs: number;
  /** How many distinct pages have been shown. */
  pagesSeen: number;
}

export type CloseBlocker = 'wait' | 'read' | null;

/** Why it may not be closed yet (the wait first), or null when it may. */
export function closeBlocker(popup: AnnouncementPopup, progress: PopupProgress): CloseBlocker {
  if (progress.elapsedMs < waitMs(popup)) return 'wait';
  if (popup.forceRead && progress.pagesSeen < popup.popupList.length) return 'read';
  return null;
}

export function canClose(popup: AnnouncementPopup, progress: PopupProgress): boolean {
  return closeBlocker(popup, progress) === null;
}

export function showsCloseButton(popup: AnnouncementPopup): boolean {
  return popup.showClose || !popup.outsideClose;
}

export function closesOnBackdrop(popup: AnnouncementPopup, progress: PopupProgress): boolean {
  return popup.outsideClose && canClose(popup, progress);
}

export const POPUP_DEFAULT_DELAY_MS = 5_000;

/** The autoplay interval: `delay` ms (a default when unusable), or null when autoplay is off. */
export function autoplayInterval(popup: AnnouncementPopup): number | null {
  if (!popup.autoplay || popup.popupList.length < 2) return null;
  return Number.isFinite(popup.delay) && popup.delay > 0 ? popup.delay : POPUP_DEFAULT_DELAY_MS;
}
