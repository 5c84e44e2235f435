/**
 * Spec sections 2, 4 and 9, "Asset-hash update": the two asset lists (/m/asset-manifest.json and
 * /mobile/mc/asset-manifest.json, each fetched with a timestamp query) are hashed; when the hash
 * changes from the one first seen, a new build is deployed and the update prompt is shown. Checked
 * 1.5 s after start, when the member returns to the tab, and hourly; a check within 10 minutes of the
 * last one is skipped (the update-check dedupe).
 */
export const ASSET_MANIFEST_PATHS = ['/m/asset-manifest.json', '/mobile/mc/asset-manifest.json'] as const;
export { ASSET_HASH_FIRST_CHECK_MS } from './timing';
export const ASSET_HASH_INTERVAL_MS = 60 * 60 * 1000;
export const UPDATE_CHECK_DEDUPE_MS = 10 * 60 * 1000;

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell two builds' lists apart. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The lists' digest: SHA-256 by the browser's crypto where it has it (a secure context), which
 * hashes off the main thread; else hashText. The lists are about 100 KB, and hashText's loop over
 * them was a task of 90-200 ms at 4x CPU, a couple of seconds into the page's start.
 */
export async function digestText(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return hashText(text);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Both lists fetched past every cache and hashed together; null when either cannot be read. */
export async function fetchAssetHash(fetcher: typeof fetch, now: number): Promise<string | null> {
  try {
    const texts = await Promise.all(
      ASSET_MANIFEST_PATHS.map(async (path) => {
        const response = await fetcher(`${path}?t=${now}`, { cache: 'no-store', credentials: 'same-origin' });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return response.text();
      }),
    );
    return await digestText(texts.join('\n'));
  } catch {
    return null;
  }
}

export interface AssetHashWatch {
  /** How long until the first check: the caller may already have waited for it. */
  firstCheckInMs: number;
  /** The hash of the lists now, null when they cannot be read (offline: no verdict). */
  fetchHash: () => Promise<string | null>;
  onChanged: () => void;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  setInterval: (run: () => void, ms: number) => unknown;
  /** Subscribes to the tab becoming visible again. */
  onReturn: (run: () => void) => void;
}

/** Starts the checks; `onChanged` is called once, on the first change seen. */
export function watchAssetHash(watch: AssetHashWatch): void {
  let known: string | null = null;
  let lastCheckAt: number | null = null;
  let changed = false;
  const check = async () => {
    const at = watch.now();
    if (changed || (lastCheckAt !== null && at - lastCheckAt < UPDATE_CHECK_DEDUPE_MS)) return;
    lastCheckAt = at;
    const hash = await watch.fetchHash();
    if (hash === null) return;
    if (known === null) known = hash;
    else if (hash !== known) {
      changed = true;
      watch.onChanged();
    }
  };
  watch.setTimeout(() => void check(), watch.firstCheckInMs);
  watch.setInterval(() => void check(), ASSET_HASH_INTERVAL_MS);
  watch.onReturn(() => void check());
}

/**
 * The checks of a page, started by `startPwaLater` ASSET_HASH_FIRST_CHECK_MS after the app starts
 * (this module is its own small chunk, loaded then): the first check runs at once.
 */
export function startAssetHashCheck(win: Window, onChanged: () => void): void {
  watchAssetHash({
    firstCheckInMs: 0,
    fetchHash: () => fetchAssetHash((input, init) => win.fetch(input, init), Date.now()),
    onChanged,
    now: () => Date.now(),
    setTimeout: (run, ms) => win.setTimeout(run, ms),
    setInterval: (run, ms) => win.setInterval(run, ms),
    onReturn: (run) =>
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'visible') run();
      }),
  });
}
