import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { IMAGE_FORMAT_IOS } from '@wps/contract/constants';
import type { ImageFormat } from '@wps/contract/games';
import { useEffect, useSyncExternalStore } from 'react';
import { currentEnvironment, type Environment } from '@/platform/environment';
import { localStore } from '@/platform/storage';

/**
 * The image format the browser takes (spec sections 4 and 9): iOS below 14 gives na; iOS 16.4 and
 * above tries avif, otherwise webp; iOS 14 to 16.3 takes webp; other platforms try avif and fall
 * back to webp (and to na, the server's PNG, when neither decodes). Decided once, then cached in
 * memory and in local storage as na, webp or avif.
 */

export interface ImageFormatFacts {
  isIos: boolean;
  /** The iOS version as `major.minor` (16.4), null when unknown or not iOS. */
  iosVersion: number | null;
  supportsAvif: boolean;
  supportsWebp: boolean;
}

export function imageFormatFor(facts: ImageFormatFacts): ImageFormat {
  const { isIos, iosVersion, supportsAvif, supportsWebp } = facts;
  if (isIos && iosVersion !== null) {
    if (iosVersion < IMAGE_FORMAT_IOS.modernFormatsFrom) return 'na';
    if (iosVersion < IMAGE_FORMAT_IOS.avifFrom) return 'webp';
    return supportsAvif ? 'avif' : 'webp';
  }
  if (supportsAvif) return 'avif';
  return supportsWebp ? 'webp' : 'na';
}

/** `{major, minor}` as the number the rule compares (16.4); minors past 9 count as 9. */
export function iosVersionNumber(version: Environment['iosVersion']): number | null {
  if (version === null) return null;
  return version.major + Math.min(Math.max(version.minor, 0), 9) / 10;
}

export function isImageFormat(value: unknown): value is ImageFormat {
  return value === 'na' || value === 'webp' || value === 'avif';
}

// 1×1 images: the browser decodes them only when it supports the format.
const AVIF_PROBE =
  'data:image/avif;base64,AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYAAAAADnBpdG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAAB0AAAAoaWluZgAAAAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IAAAAAamlwcnAAAABLaXBjbwAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAAAxhdjFDgQ0MAAAAABNjb2xybmNseAACAAIAAYAAAAAXaXBtYQAAAAAAAAABAAEEAQKDBAAAACVtZGF0EgAKCBgANogQEAwgMg8f8D///8WfhwB8+ErK42A=';
const WEBP_PROBE = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';
/** A probe that neither loads nor fails within this time counts as unsupported. */
const PROBE_TIMEOUT_MS = 2000;

/** True when the browser decodes the data URI into a picture. */
export function canDecode(dataUri: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  if (typeof Image === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    const image = new Image();
    const finish = (result: boolean) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(result);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    image.onload = () => finish(image.width > 0 && image.height > 0);
    image.onerror = () => finish(false);
    image.src = dataUri;
  });
}

let memory: ImageFormat | null = null;
let pending: Promise<ImageFormat> | null = null;
const listeners = new Set<(format: ImageFormat) => void>();

/** The format already known (memory, else local storage), without probing; null when not yet known. */
export function cachedImageFormat(): ImageFormat | null {
  if (memory !== null) return memory;
  const stored = localStore.getString(LazyStorageKey.imageFormat);
  if (isImageFormat(stored)) memory = stored;
  return memory;
}

function remember(format: ImageFormat): ImageFormat {
  memory = format;
  localStore.setString(LazyStorageKey.imageFormat, format);
  for (const listener of listeners) listener(format);
  return format;
}

async function probe(): Promise<ImageFormat> {
  const env = currentEnvironment();
  const iosVersion = iosVersionNumber(env.iosVersion);
  const base = { isIos: env.isIos, iosVersion };
  // Only probe what the rule will read: old iOS needs nothing, iOS 14–16.3 is webp by rule.
  const ruled = imageFormatFor({ ...base, supportsAvif: false, supportsWebp: false });
  if (env.isIos && iosVersion !== null && iosVersion < IMAGE_FORMAT_IOS.avifFrom) return ruled;
  const supportsAvif = await canDecode(AVIF_PROBE);
  const supportsWebp = supportsAvif ? true : await canDecode(WEBP_PROBE);
  return imageFormatFor({ ...base, supportsAvif, supportsWebp });
}

/** The browser's image format: cached, else probed once (concurrent callers share the probe). */
export function detectImageFormat(): Promise<ImageFormat> {
  const known = cachedImageFormat();
  if (known !== null) return Promise.resolve(known);
  pending ??= probe()
    .catch((): ImageFormat => 'na')
    .then(remember)
    .finally(() => {
      pending = null;
    });
  return pending;
}

const subscribeFormat = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const unknownOnServer = () => null;

/**
 * The image format, null until known (the first render of a first visit, the server, and the page
 * while it hydrates: the markup is the same everywhere); then it never changes.
 */
export function useImageFormat(): ImageFormat | null {
  const format = useSyncExternalStore(subscribeFormat, cachedImageFormat, unknownOnServer);
  useEffect(() => {
    if (format === null) void detectImageFormat();
  }, [format]);
  return format;
}

/** Tests: forget the detected format. */
export function resetImageFormatCache(): void {
  memory = null;
  pending = null;
}

/**
 * The formats a `<picture>` may offer this browser (spec sections 4 and 9), best first: iOS below 14
 * none (the PNG), iOS 14 to 16.3 WebP only, everything else AVIF then WebP — the browser then takes
 * the first it decodes, with no probe to wait for. Null facts (the server, and the page while it
 * hydrates) offer both: the markup is the same everywhere until the browser's own facts apply.
 */
export function offeredFormats(iosVersion: number | null, isIos: boolean): ImageFormat[] {
  if (isIos && iosVersion !== null) {
    if (iosVersion < IMAGE_FORMAT_IOS.modernFormatsFrom) return [];
    if (iosVersion < IMAGE_FORMAT_IOS.avifFrom) return ['webp'];
  }
  return ['avif', 'webp'];
}

const BOTH: ImageFormat[] = ['avif', 'webp'];
const never = () => () => undefined;
let browserFormats: ImageFormat[] | null = null;
const formatsHere = (): ImageFormat[] => {
  if (browserFormats === null) {
    const env = currentEnvironment();
    const offered = offeredFormats(iosVersionNumber(env.iosVersion), env.isIos);
    // The server's own list when it is the same: an equal list that is another array would make
    // React render every picture again, synchronously, once the page has hydrated.
    browserFormats = offered.join() === BOTH.join() ? BOTH : offered;
  }
  return browserFormats;
};
const formatsOnServer = () => BOTH;

/** `offeredFormats` for this browser; both while the server's markup is hydrated. */
export function useOfferedFormats(): ImageFormat[] {
  return useSyncExternalStore(never, formatsHere, formatsOnServer);
}
