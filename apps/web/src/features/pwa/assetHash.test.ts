import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASSET_HASH_FIRST_CHECK_MS,
  ASSET_HASH_INTERVAL_MS,
  UPDATE_CHECK_DEDUPE_MS,
  digestText,
  fetchAssetHash,
  hashText,
  watchAssetHash,
} from './assetHash';

describe('hashText', () => {
  it('is stable, 8 hex digits, and tells two lists apart', () => {
    expect(hashText('{"a":1}')).toBe(hashText('{"a":1}'));
    expect(hashText('{"a":1}')).toMatch(/^[0-9a-f]{8}$/);
    expect(hashText('{"a":1}')).not.toBe(hashText('{"a":2}'));
  });
});

describe('digestText', () => {
  it.each<[string, string, string]>([
    ['the same lists', '{"a":1}', '{"a":1}'],
    ['lists that differ by one character', '{"a":1}', '{"a":2}'],
    ['empty lists', '', ''],
    ['lists in another script', '{"名":"ملف"}', '{"名":"ملف"}'],
  ])('%s: the same digest exactly when the text is the same', async (_case, one, other) => {
    expect((await digestText(one)) === (await digestText(other))).toBe(one === other);
  });

  it.each<[string, boolean, RegExp]>([
    ['with the browser’s crypto (a secure context): SHA-256, off the main thread', true, /^[0-9a-f]{64}$/],
    ['without it (plain http): the page’s own hash', false, /^[0-9a-f]{8}$/],
  ])('%s', async (_case, secure, shape) => {
    if (!secure) vi.stubGlobal('crypto', {});
    try {
      const digest = await digestText('{"a":1}');
      expect(digest).toMatch(shape);
      if (!secure) expect(digest).toBe(hashText('{"a":1}'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('fetchAssetHash', () => {
  it('fetches both lists with a timestamp, past the caches', async () => {
    const fetcher = vi.fn(async () => new Response('{}'));
    expect(await fetchAssetHash(fetcher as unknown as typeof fetch, 1234)).toBe(await digestText('{}\n{}'));
    expect(fetcher.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      '/m/asset-manifest.json?t=1234',
      '/mobile/mc/asset-manifest.json?t=1234',
    ]);
    expect(fetcher).toHaveBeenCalledWith(expect.any(String), {
      cache: 'no-store',
      credentials: 'same-origin',
    });
  });

  it.each([
    [
      'a list answers 404',
      async (url: string) => new Response('', { status: url.startsWith('/m/') ? 200 : 404 }),
    ],
    ['offline', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s: no verdict', async (_name, fetcher) => {
    expect(await fetchAssetHash(fetcher as unknown as typeof fetch, 1)).toBeNull();
  });
});

describe('watchAssetHash: timing with fake timers', () => {
  let hashes: (string | null)[];
  let returnToTab: () => void;
  let fetchHash: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
  let onChanged: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    hashes = [];
    returnToTab = () => {};
    fetchHash = vi.fn(
      async (): Promise<string | null> => (hashes.length > 1 ? hashes.shift() : hashes[0]) ?? null,
    );
    onChanged = vi.fn<() => void>();
    watchAssetHash({
      firstCheckInMs: ASSET_HASH_FIRST_CHECK_MS,
      fetchHash,
      onChanged,
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      setInterval: (run, ms) => setInterval(run, ms),
      onReturn: (run) => {
        returnToTab = run;
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  it('first checks when asked (1.5 s here), then hourly', async () => {
    hashes = ['a'];
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS - 1);
    expect(fetchHash).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchHash).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS);
    expect(fetchHash).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS);
    expect(fetchHash).toHaveBeenCalledTimes(3);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it.each([
    ['returning 5 min after the last check: deduped', 5 * 60 * 1000, 1],
    ['returning just under 10 min after: deduped', UPDATE_CHECK_DEDUPE_MS - 1, 1],
    ['returning 10 min after: checked', UPDATE_CHECK_DEDUPE_MS, 2],
    ['returning 30 min after: checked', 30 * 60 * 1000, 2],
  ])('%s', async (_name, after, calls) => {
    hashes = ['a'];
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS);
    await vi.advanceTimersByTimeAsync(after);
    returnToTab();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchHash).toHaveBeenCalledTimes(calls);
  });

  it('a changed hash shows the prompt once; an unreadable list is no verdict', async () => {
    hashes = ['a', null, 'a', 'b', 'c'];
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS); // a: the known hash
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS); // null (offline)
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS); // a
    expect(onChanged).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS); // b: changed
    expect(onChanged).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(fetchHash).toHaveBeenCalledTimes(4);
  });

  it('the first hash seen offline is not the known one: it is taken once the lists answer', async () => {
    hashes = [null, 'a', 'a'];
    await vi.advanceTimersByTimeAsync(ASSET_HASH_FIRST_CHECK_MS);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(ASSET_HASH_INTERVAL_MS);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
