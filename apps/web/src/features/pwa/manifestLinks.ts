import { MANIFEST_WAIT_MS, TOUCH_ICON_WAIT_MS } from '@wps/contract/constants';
import { manifestUrl } from '@wps/contract/system';

/**
 * The per-merchant web manifest and home-screen icon (issue 13, item 8; spec sections 3, 7 and 9).
 *
 * How this reads the spec: section 7 has "a GET of the web manifest with a Merchant header (reads
 * short_name)", section 9 "Manifest wait: 10,000 ms; touch-icon wait 5000 ms". The server already
 * links `/wps/system/manifest.json?merchantCode=…` and an `apple-touch-icon` in the page it renders.
 * After first paint (`startPwa`) the page:
 *
 * 1. links the manifest when the page has none (a shell rendered for an unknown host),
 * 2. fetches it with the Merchant header and waits for it at most MANIFEST_WAIT_MS; its short_name
 *    becomes the home-screen title (`apple-mobile-web-app-title`, `application-name`: iOS names a web
 *    clip from these, not from the manifest),
 * 3. waits at most TOUCH_ICON_WAIT_MS for the linked touch icon to load; one that fails or is slower
 *    (a merchant's broken or far-away `apple_touch_icon`) is replaced by the manifest's own 180 px icon,
 *    provided that one loads within the same wait. Either wait running out keeps what the server linked.
 */

export interface ManifestIcon {
  src: string;
  /** Largest square side named in `sizes`, 0 when unknown ("any", missing). */
  size: number;
}

export interface ManifestFacts {
  shortName: string | null;
  icons: ManifestIcon[];
}

/** iOS shows about 12 characters under an icon; anything much longer is not a short name. */
const SHORT_NAME_MAX = 45;
const CONTROL = /[\p{Cc}\p{Cf}]/u;
/** The size iOS asks for (and the server renders square for the touch icon). */
export const TOUCH_ICON_SIZE = 180;

function largestSide(sizes: unknown): number {
  if (typeof sizes !== 'string') return 0;
  let largest = 0;
  for (const token of sizes.split(/\s+/)) {
    const match = /^(\d{1,4})x(\d{1,4})$/i.exec(token);
    if (match && match[1] === match[2]) largest = Math.max(largest, Number(match[1]));
  }
  return largest;
}

/** The parts of a manifest answer this uses, from whatever came back (never trusted). */
export function readManifestFacts(json: unknown): ManifestFacts {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { shortName: null, icons: [] };
  const rawName: unknown = Reflect.get(json, 'short_name');
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  const shortName = name !== '' && name.length <= SHORT_NAME_MAX && !CONTROL.test(name) ? name : null;
  const rawIcons: unknown = Reflect.get(json, 'icons');
  const icons: ManifestIcon[] = [];
  if (Array.isArray(rawIcons)) {
    for (const icon of rawIcons.slice(0, 20)) {
      if (typeof icon !== 'object' || icon === null) continue;
      const src: unknown = Reflect.get(icon, 'src');
      if (typeof src === 'string' && src !== '')
        icons.push({ src, size: largestSide(Reflect.get(icon, 'sizes')) });
    }
  }
  return { shortName, icons };
}

/**
 * An icon address the page may link: same origin, or https anywhere; resolved against the manifest's
 * address (manifest icon paths are relative to it). Null for anything else (javascript:, data:, http
 * elsewhere, garbage).
 */
export function safeIconUrl(src: string, base: string): string | null {
  try {
    const url = new URL(src, base);
    const origin = new URL(base).origin;
    if (url.origin === origin || url.protocol === 'https:') return url.href;
  } catch {
    // not an address
  }
  return null;
}

/** The manifest icon for the home screen: exactly 180 px, else the smallest larger one, else the largest. */
export function pickTouchIcon(icons: readonly ManifestIcon[], base: string): string | null {
  const usable = icons
    .map((icon) => ({ ...icon, href: safeIconUrl(icon.src, base) }))
    .filter((icon): icon is ManifestIcon & { href: string } => icon.href !== null);
  if (usable.length === 0) return null;
  const exact = usable.find((icon) => icon.size === TOUCH_ICON_SIZE);
  if (exact) return exact.href;
  const larger = usable.filter((icon) => icon.size > TOUCH_ICON_SIZE).sort((a, b) => a.size - b.size);
  if (larger[0]) return larger[0].href;
  return [...usable].sort((a, b) => b.size - a.size)[0]?.href ?? null;
}

/** `promise`'s value, or null once `ms` have passed (or it failed): a wait, never an error. */
export function waitAtMost<T>(
  promise: Promise<T>,
  ms: number,
  setTimer: (run: () => void, ms: number) => unknown,
): Promise<T | null> {
  return new Promise((resolve) => {
    setTimer(() => resolve(null), ms);
    promise.then(resolve, () => resolve(null));
  });
}

export interface ManifestLinkDeps {
  merchantCode: string | null;
  fetcher: typeof fetch;
  /** Resolves when the image at the address loads, rejects when it fails. */
  loadImage: (href: string) => Promise<void>;
  setTimeout: (run: () => void, ms: number) => unknown;
}

function ensureLink(doc: Document, rel: string, href: string): HTMLLinkElement {
  let link = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = doc.createElement('link');
    link.rel = rel;
    doc.head.append(link);
  }
  link.href = href;
  return link;
}

function setMeta(doc: Document, name: string, content: string): void {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = name;
    doc.head.append(meta);
  }
  meta.content = content;
}

async function fetchManifest(href: string, deps: ManifestLinkDeps): Promise<ManifestFacts> {
  const controller = new AbortController();
  deps.setTimeout(() => controller.abort(), MANIFEST_WAIT_MS);
  const headers: Record<string, string> = deps.merchantCode ? { Merchant: deps.merchantCode } : {};
  const response = await deps.fetcher(href, {
    headers,
    signal: controller.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`manifest: ${response.status}`);
  return readManifestFacts(await response.json());
}

/** What `linkManifest` did, for its tests and the console. */
export interface ManifestLinkResult {
  manifest: 'linked' | 'missing' | 'unread';
  title: string | null;
  touchIcon: 'kept' | 'replaced' | 'none';
}

export async function linkManifest(doc: Document, deps: ManifestLinkDeps): Promise<ManifestLinkResult> {
  const existing = doc.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!existing && !deps.merchantCode) return { manifest: 'missing', title: null, touchIcon: 'none' };
  const link = existing ?? ensureLink(doc, 'manifest', manifestUrl(deps.merchantCode ?? ''));
  const href = link.href;

  const facts = await waitAtMost(fetchManifest(href, deps), MANIFEST_WAIT_MS, deps.setTimeout);
  if (facts === null) return { manifest: 'unread', title: null, touchIcon: 'kept' };
  if (facts.shortName !== null) {
    setMeta(doc, 'apple-mobile-web-app-title', facts.shortName);
    setMeta(doc, 'application-name', facts.shortName);
  }

  const loads = (url: string) =>
    waitAtMost(
      deps.loadImage(url).then(() => true),
      TOUCH_ICON_WAIT_MS,
      deps.setTimeout,
    );
  const linked = doc.head.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href ?? null;
  const fallback = pickTouchIcon(facts.icons, href);
  const [linkedLoads, fallbackLoads] = await Promise.all([
    linked ? loads(linked) : Promise.resolve(null),
    fallback && fallback !== linked ? loads(fallback) : Promise.resolve(null),
  ]);
  let touchIcon: ManifestLinkResult['touchIcon'] = linked ? 'kept' : 'none';
  if (linkedLoads !== true && fallback && fallbackLoads === true) {
    ensureLink(doc, 'apple-touch-icon', fallback);
    touchIcon = 'replaced';
  }
  return { manifest: 'linked', title: facts.shortName, touchIcon };
}

/**
 * Spec section 2: `fullscreen=0` on arrival disables full screen for the visit (kept in session storage
 * by platform/arrival.ts, so for the rest of the visit). How this reads "full screen": the app shown
 * without the browser's bars once added to the home screen. iOS makes a chrome-less web app only from
 * a page marked `apple-mobile-web-app-capable`, Chromium from `mobile-web-app-capable`; with the flag
 * both say "no", so an icon added during this visit opens in the browser. (An app already installed
 * keeps the display its manifest gave it; the CSS splash of such a launch does not read the flag.)
 */
export function applyFullscreenPreference(doc: Document, disabled: boolean): void {
  if (!disabled) return;
  setMeta(doc, 'apple-mobile-web-app-capable', 'no');
  setMeta(doc, 'mobile-web-app-capable', 'no');
}

/** Loads an image off-screen: resolves on load, rejects on error. */
export function loadImage(doc: Document, href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = doc.createElement('img');
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`image: ${href}`));
    image.src = href;
  });
}
