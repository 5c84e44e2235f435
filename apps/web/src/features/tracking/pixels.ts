import type { AdPixels } from '@wps/contract/system';
import type { MarketingEvent } from '@wps/contract/schemas/tracking';

/**
 * Ad-platform pixels (issue 17): adapters loaded only for a merchant that configures them, after the
 * first paint, each from the origin its page policy allows (AD_PIXEL_ORIGINS). Each marketing event
 * goes to every loaded pixel with its id, so the platform de-duplicates it against the server's
 * conversion-API copy.
 */

export interface PixelAdapter {
  track(event: MarketingEvent): void;
}

type Queue = unknown[][];
type PixelWindow = Window & Record<string, unknown>;

const PIXEL_ID = /^[A-Za-z0-9-]{1,32}$/;

const STANDARD_META: Readonly<Record<string, string>> = {
  register: 'CompleteRegistration',
  depositSubmit: 'InitiateCheckout',
  firstDeposit: 'Purchase',
  deposit: 'Purchase',
  redeposit: 'Purchase',
  viewContent: 'ViewContent',
  startTrial: 'StartTrial',
};

function addScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

function valueOf(event: MarketingEvent): Record<string, unknown> {
  const { value, currency, contentId } = event.payload;
  return {
    ...(value === undefined ? {} : { value }),
    ...(currency === undefined ? {} : { currency }),
    ...(contentId === undefined ? {} : { content_ids: [String(contentId)] }),
  };
}

/** Meta's pixel: the fbq queue its base code defines, then fbevents.js. */
function metaPixel(win: PixelWindow, id: string): PixelAdapter {
  type Fbq = ((...args: unknown[]) => void) & { queue: Queue; callMethod?: (...args: unknown[]) => void };
  let fbq = win.fbq as Fbq | undefined;
  if (!fbq) {
    const stub = ((...args: unknown[]) => {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    }) as Fbq & { push?: unknown; loaded?: boolean; version?: string };
    stub.queue = [];
    stub.push = stub;
    stub.loaded = true;
    stub.version = '2.0';
    win.fbq = stub;
    win._fbq = stub;
    fbq = stub;
    addScript(win.document, 'https://connect.facebook.net/en_US/fbevents.js');
  }
  const call = fbq;
  call('init', id);
  call('track', 'PageView');
  return {
    track(event) {
      const standard = STANDARD_META[event.name];
      if (standard) call('track', standard, valueOf(event), { eventID: event.id });
      else call('trackCustom', event.name, valueOf(event), { eventID: event.id });
    },
  };
}

/** TikTok's pixel: the ttq queue of its base code, then events.js for this pixel id. */
function tiktokPixel(win: PixelWindow, id: string): PixelAdapter {
  type Ttq = Queue & Record<string, unknown>;
  const ttq = (win.ttq as Ttq | undefined) ?? ([] as unknown as Ttq);
  if (!win.ttq) {
    win.TiktokAnalyticsObject = 'ttq';
    win.ttq = ttq;
    for (const method of ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready']) {
      ttq[method] = (...args: unknown[]) => void ttq.push([method, ...args]);
    }
    ttq._i = { [id]: Object.assign([], { _u: 'https://analytics.tiktok.com/i18n/pixel/events.js' }) };
    ttq._t = { [id]: Date.now() };
    ttq._o = { [id]: {} };
    addScript(win.document, `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${id}&lib=ttq`);
  }
  (ttq.page as () => void)();
  return {
    track(event) {
      (ttq.track as (...args: unknown[]) => void)(event.name, valueOf(event), { event_id: event.id });
    },
  };
}

/** The Google tag: dataLayer and gtag(), then gtag.js for this id. */
function googleTag(win: PixelWindow, id: string): PixelAdapter {
  const dataLayer = (win.dataLayer as unknown[] | undefined) ?? [];
  win.dataLayer = dataLayer;
  // gtag.js reads the arguments objects it is given, as its own snippet pushes them.
  const gtag = function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects an arguments object
    dataLayer.push(arguments);
  };
  win.gtag ??= gtag;
  addScript(win.document, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  gtag('js', new Date());
  gtag('config', id);
  return {
    track(event) {
      gtag('event', event.name, { ...valueOf(event), event_id: event.id });
    },
  };
}

const FACTORIES: Readonly<Record<keyof AdPixels, (win: PixelWindow, id: string) => PixelAdapter>> = {
  meta: metaPixel,
  tiktok: tiktokPixel,
  gtag: googleTag,
};

const loaded: PixelAdapter[] = [];
let started = false;

/** Loads the merchant's pixels once per page; ids that are not plain ids are ignored. */
export function startPixels(win: Window, pixels: AdPixels | undefined): void {
  if (started || !pixels) return;
  started = true;
  for (const [platform, factory] of Object.entries(FACTORIES) as [
    keyof AdPixels,
    (typeof FACTORIES)['meta'],
  ][]) {
    const id = pixels[platform];
    if (id && PIXEL_ID.test(id)) loaded.push(factory(win as PixelWindow, id));
  }
}

/** Hands an event to every loaded pixel (a pixel's failure never stops the others). */
export function trackWithPixels(event: MarketingEvent): void {
  for (const adapter of loaded) {
    try {
      adapter.track(event);
    } catch {
      // An ad platform's script is not ours to fail on.
    }
  }
}

/** Tests only: forget the loaded pixels. */
export function resetPixelsForTest(): void {
  loaded.length = 0;
  started = false;
}
