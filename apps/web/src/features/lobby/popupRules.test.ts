import type { Announcement, AnnouncementPopup } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import {
  forAudience,
  POPUP_DEFAULT_DELAY_MS,
  autoplayInterval,
  canClose,
  closeBlocker,
  closesOnBackdrop,
  localDateKey,
  offersTodayCheckbox,
  secondsLeft,
  shouldShowPopup,
  showsCloseButton,
  type PopupMemory,
} from './popupRules';

function page(id: string): Announcement {
  return {
    id,
    type: 'POPUP',
    category: null,
    title: `Title ${id}`,
    content: `Content ${id}`,
    imageBase: null,
    startTime: '2026-01-01T00:00:00Z',
    endTime: null,
  };
}

function popupOf(options: Partial<AnnouncementPopup> = {}): AnnouncementPopup {
  return {
    popupList: [page('1'), page('2'), page('3')],
    autoplay: false,
    delay: 3000,
    showClose: true,
    showTodayCheckbox: true,
    showPagination: true,
    forceRead: false,
    forcePopup: false,
    outsideClose: false,
    waitSeconds: 0,
    ...options,
  };
}

const fresh: PopupMemory = { shownThisSession: false, hiddenOn: null, today: '2026-11-22' };

describe('shouldShowPopup', () => {
  it.each<[string, AnnouncementPopup | null, PopupMemory, boolean]>([
    ['no answer', null, fresh, false],
    ['an empty list', popupOf({ popupList: [] }), fresh, false],
    ['an empty list even when forced', popupOf({ popupList: [], forcePopup: true }), fresh, false],
    ['first time in the session', popupOf(), fresh, true],
    ['already shown this session', popupOf(), { ...fresh, shownThisSession: true }, false],
    ['hidden today', popupOf(), { ...fresh, hiddenOn: '2026-11-22' }, false],
    ['hidden yesterday', popupOf(), { ...fresh, hiddenOn: '2026-11-21' }, true],
    ['hidden on a later date (clock moved back)', popupOf(), { ...fresh, hiddenOn: '2026-11-23' }, true],
    ['garbage stored', popupOf(), { ...fresh, hiddenOn: 'yes' }, true],
    [
      'forced although shown this session',
      popupOf({ forcePopup: true }),
      { ...fresh, shownThisSession: true },
      true,
    ],
    ['forced ignores today', popupOf({ forcePopup: true }), { ...fresh, hiddenOn: '2026-11-22' }, true],
  ])('%s → %s', (_name, popup, memory, expected) => {
    expect(shouldShowPopup(popup, memory)).toBe(expected);
  });
});

describe('localDateKey: the local day boundary', () => {
  it.each([
    [new Date(2026, 10, 22, 0, 0, 0, 0), '2026-11-22'],
    [new Date(2026, 10, 22, 23, 59, 59, 999), '2026-11-22'],
    [new Date(2026, 10, 23, 0, 0, 0, 0), '2026-11-23'],
    [new Date(2026, 0, 1, 0, 0, 0, 0), '2026-01-01'],
    [new Date(2025, 11, 31, 23, 59, 59, 999), '2025-12-31'],
    [new Date(2028, 1, 29, 12, 0), '2028-02-29'],
  ])('%s → %s', (date, key) => {
    expect(localDateKey(date)).toBe(key);
  });

  it('a box ticked just before midnight no longer hides it just after', () => {
    const before = localDateKey(new Date(2026, 10, 22, 23, 59, 59));
    const after = localDateKey(new Date(2026, 10, 23, 0, 0, 1));
    expect(shouldShowPopup(popupOf(), { shownThisSession: false, hiddenOn: before, today: before })).toBe(
      false,
    );
    expect(shouldShowPopup(popupOf(), { shownThisSession: false, hiddenOn: before, today: after })).toBe(
      true,
    );
  });
});

describe('offersTodayCheckbox', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('showTodayCheckbox %s, forcePopup %s → %s', (showTodayCheckbox, forcePopup, expected) => {
    expect(offersTodayCheckbox(popupOf({ showTodayCheckbox, forcePopup }))).toBe(expected);
  });
});

describe('closing', () => {
  it.each<[string, Partial<AnnouncementPopup>, number, number, 'wait' | 'read' | null]>([
    ['no wait, no forceRead', {}, 0, 1, null],
    ['waiting 3 s, at 0 ms', { waitSeconds: 3 }, 0, 3, 'wait'],
    ['waiting 3 s, at 2999 ms', { waitSeconds: 3 }, 2999, 3, 'wait'],
    ['waiting 3 s, at 3000 ms', { waitSeconds: 3 }, 3000, 3, null],
    ['waiting 3 s, at 5000 ms', { waitSeconds: 3 }, 5000, 3, null],
    ['negative wait', { waitSeconds: -4 }, 0, 1, null],
    ['forceRead, 1 of 3 seen', { forceRead: true }, 0, 1, 'read'],
    ['forceRead, 2 of 3 seen', { forceRead: true }, 10_000, 2, 'read'],
    ['forceRead, 3 of 3 seen', { forceRead: true }, 0, 3, null],
    ['forceRead and wait, all seen, still waiting', { forceRead: true, waitSeconds: 2 }, 1000, 3, 'wait'],
    ['forceRead and wait, wait over, not all seen', { forceRead: true, waitSeconds: 2 }, 2000, 2, 'read'],
    ['forceRead with one page', { forceRead: true, popupList: [page('x')] }, 0, 1, null],
  ])('%s', (_name, options, elapsedMs, pagesSeen, blocker) => {
    const popup = popupOf(options);
    expect(closeBlocker(popup, { elapsedMs, pagesSeen })).toBe(blocker);
    expect(canClose(popup, { elapsedMs, pagesSeen })).toBe(blocker === null);
  });

  it.each([
    [5, 0, 5],
    [5, 1, 5],
    [5, 1000, 4],
    [5, 4001, 1],
    [5, 5000, 0],
    [5, 9000, 0],
    [0, 0, 0],
  ])('wait %s s at %s ms → %s s left', (waitSeconds, elapsed, left) => {
    expect(secondsLeft(popupOf({ waitSeconds }), elapsed)).toBe(left);
  });

  it.each<[string, Partial<AnnouncementPopup>, number, number, boolean]>([
    ['outsideClose, allowed', { outsideClose: true }, 0, 1, true],
    ['outsideClose, still waiting', { outsideClose: true, waitSeconds: 2 }, 1999, 1, false],
    ['outsideClose, wait over', { outsideClose: true, waitSeconds: 2 }, 2000, 1, true],
    ['outsideClose, forceRead not all seen', { outsideClose: true, forceRead: true }, 0, 2, false],
    ['outsideClose, forceRead all seen', { outsideClose: true, forceRead: true }, 0, 3, true],
    ['no outsideClose', { outsideClose: false }, 0, 3, false],
  ])('backdrop: %s → %s', (_name, options, elapsedMs, pagesSeen, expected) => {
    expect(closesOnBackdrop(popupOf(options), { elapsedMs, pagesSeen })).toBe(expected);
  });

  it.each([
    [true, false, true],
    [true, true, true],
    [false, true, false],
    [false, false, true],
  ])('showClose %s, outsideClose %s → close button %s', (showClose, outsideClose, expected) => {
    expect(showsCloseButton(popupOf({ showClose, outsideClose }))).toBe(expected);
  });
});

describe('autoplayInterval', () => {
  it.each<[Partial<AnnouncementPopup>, number | null]>([
    [{ autoplay: false }, null],
    [{ autoplay: true, delay: 3000 }, 3000],
    [{ autoplay: true, delay: 0 }, POPUP_DEFAULT_DELAY_MS],
    [{ autoplay: true, delay: Number.NaN }, POPUP_DEFAULT_DELAY_MS],
    [{ autoplay: true, delay: 3000, popupList: [page('only')] }, null],
  ])('%j → %s', (options, expected) => {
    expect(autoplayInterval(popupOf(options))).toBe(expected);
  });
});

describe('forAudience: each person sees the pages written for them', () => {
  const visitors = { ...page('v'), audience: 'visitors' as const };
  const members = { ...page('m'), audience: 'members' as const };
  const everyone = { ...page('a'), audience: 'all' as const };
  const unmarked = page('u');
  it.each([
    ['a visitor', false, ['v', 'a', 'u']],
    ['a member', true, ['m', 'a', 'u']],
  ])('%s', (_who, signedIn, ids) => {
    const popup = forAudience(popupOf({ popupList: [visitors, members, everyone, unmarked] }), signedIn);
    expect(popup.popupList.map((entry) => entry.id)).toEqual(ids);
  });

  it('a popup of only the other audience’s pages is not shown at all', () => {
    const popup = forAudience(popupOf({ popupList: [visitors], forcePopup: true }), true);
    expect(shouldShowPopup(popup, { shownThisSession: false, hiddenOn: null, today: '2026-11-28' })).toBe(
      false,
    );
  });
});
