import { AD_PIXEL_ORIGINS, type AdPixels } from '@wps/contract/system';

export interface OriginLists {
  script: string[];
  connect: string[];
  frame: string[];
}

/** A pixel id we load a tag for: letters, digits, dashes, at most 32. */
const PIXEL_ID = /^[A-Za-z0-9-]{1,32}$/;

/**
 * Adds the origins of the merchant's configured ad-platform pixels (issue 17) to its page policy:
 * a merchant without pixels allows none of them, and never another merchant's.
 */
export function withPixelOrigins(base: OriginLists, pixels: AdPixels | undefined): OriginLists {
  const result: OriginLists = {
    script: [...base.script],
    connect: [...base.connect],
    frame: [...base.frame],
  };
  for (const [platform, origins] of Object.entries(AD_PIXEL_ORIGINS) as [
    keyof AdPixels,
    (typeof AD_PIXEL_ORIGINS)[keyof AdPixels],
  ][]) {
    const id = pixels?.[platform];
    if (!id || !PIXEL_ID.test(id)) continue;
    for (const origin of origins.script) if (!result.script.includes(origin)) result.script.push(origin);
    for (const origin of origins.connect) if (!result.connect.includes(origin)) result.connect.push(origin);
  }
  return result;
}

/**
 * Adds the origin of the merchant's device-id iframe (issue 17, `gw.DEVICE_ID_IFRAME_URL`) to its
 * page's frame-src: only an https address without credentials, as the app itself requires, and only
 * for that merchant.
 */
export function withDeviceFrameOrigin(base: OriginLists, url: string | undefined): OriginLists {
  if (!url) return base;
  let origin: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return base;
    origin = parsed.origin;
  } catch {
    return base;
  }
  return base.frame.includes(origin) ? base : { ...base, frame: [...base.frame, origin] };
}
