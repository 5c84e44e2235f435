import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_HASH_INTERVAL_MS, UPDATE_CHECK_DEDUPE_MS } from './assetHash';
import { noticeNewBuild, startPwa } from './startPwa';
import { startPwaLater } from './startPwaLater';
import { ASSET_HASH_FIRST_CHECK_MS, PWA_START_DELAY_MS } from './timing';

// The two chunks are what this module schedules; what they do is tested in their own files.
vi.mock('./startPwa', () => ({ startPwa: vi.fn(async () => {}), noticeNewBuild: vi.fn() }));

interface FakePage {
  win: Window;
  fetched: string[];
  fireLoad: () => void;
  returnToTab: () => void;
}

let assetList = '{"index.html":{"file":"assets/index-1.js"}}';

function fakePage(): FakePage {
  const fetched: string[] = [];
  const doc = Object.assign(new EventTarget(), { readyState: 'loading', visibilityState: 'visible' });
  const win = Object.assign(new EventTarget(), {
    document: doc,
    setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
    setInterval: (run: () => void, ms: number) => window.setInterval(run, ms),
    fetch: async (input: string) => {
      fetched.push(input.replace(/\?t=\d+$/, ''));
      return new Response(assetList);
    },
  }) as unknown as Window;
  return {
    win,
    fetched,
    fireLoad: () => {
      doc.readyState = 'complete';
      win.dispatchEvent(new Event('load'));
    },
    returnToTab: () => doc.dispatchEvent(new Event('visibilitychange')),
  };
}

describe('startPwaLater: when the PWA work starts, counted from the app’s start', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    vi.mocked(startPwa).mockClear();
    vi.mocked(noticeNewBuild).mockClear();
    assetList = '{"index.html":{"file":"assets/index-1.js"}}';
  });
  afterEach(() => vi.useRealTimers());

  it('checks both asset lists 1.5 s after start, long before the worker code (spec section 9)', async () => {
    const page = fakePage();
    startPwaLater(page.win);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS - 1);
    expect(page.fetched).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() =>
      expect(page.fetched).toEqual(['/m/asset-manifest.json', '/mobile/mc/asset-manifest.json']),
    );
    expect(startPwa).not.toHaveBeenCalled();
  });

  it('the page still loading (no load event): the check runs anyway, the worker code waits', async () => {
    const page = fakePage();
    startPwaLater(page.win);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS + PWA_START_DELAY_MS * 2);
    await vi.waitFor(() => expect(page.fetched).toHaveLength(2));
    expect(startPwa).not.toHaveBeenCalled();
  });

  it('the worker code starts PWA_START_DELAY_MS after the load event', async () => {
    const page = fakePage();
    startPwaLater(page.win);
    await vi.advanceTimersByTimeAsync(200);
    page.fireLoad();
    await vi.advanceTimersByTimeAsync(PWA_START_DELAY_MS - 1);
    expect(startPwa).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(startPwa).toHaveBeenCalledTimes(1));
    expect(vi.mocked(startPwa).mock.calls[0]?.[0]).toBe(page.win);
  });

  it.each([
    ['the same lists on the hourly check: no prompt', ASSET_HASH_INTERVAL_MS, false, 0],
    ['new lists on the hourly check: a new build is noticed', ASSET_HASH_INTERVAL_MS, true, 1],
    ['new lists, back in the tab 5 min later: deduped, not yet', 5 * 60 * 1000, true, 0],
  ])('%s', async (_name, after, deployed, notices) => {
    const page = fakePage();
    startPwaLater(page.win);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS);
    await vi.waitFor(() => expect(page.fetched).toHaveLength(2));
    if (deployed) assetList = '{"index.html":{"file":"assets/index-2.js"}}';
    await vi.advanceTimersByTimeAsync(after);
    page.returnToTab();
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(noticeNewBuild).toHaveBeenCalledTimes(notices));
    if (notices > 0) expect(vi.mocked(noticeNewBuild).mock.calls[0]?.[0]).toBe(page.win);
  });

  it('new lists seen on return to the tab after the dedupe window', async () => {
    const page = fakePage();
    startPwaLater(page.win);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS);
    await vi.waitFor(() => expect(page.fetched).toHaveLength(2));
    assetList = '{"index.html":{"file":"assets/index-2.js"}}';
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_DEDUPE_MS);
    page.returnToTab();
    await vi.waitFor(() => expect(noticeNewBuild).toHaveBeenCalledTimes(1));
  });
});
