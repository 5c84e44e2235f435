import type { MarketingEvent } from '@wps/contract/schemas/tracking';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPixelsForTest, startPixels, trackWithPixels } from './pixels';

type Globals = Record<string, unknown>;

function scripts(): string[] {
  return [...document.head.querySelectorAll('script')].map((script) => script.src);
}

const deposit: MarketingEvent = {
  id: 'evt-00000001',
  name: 'firstDeposit',
  time: 1,
  payload: { value: 100, currency: 'PHP', contentId: 99 },
};

describe('ad pixels (only when configured)', () => {
  afterEach(() => {
    resetPixelsForTest();
    document.head.innerHTML = '';
    Reflect.deleteProperty(window, 'fbq');
    Reflect.deleteProperty(window, '_fbq');
    Reflect.deleteProperty(window, 'ttq');
    Reflect.deleteProperty(window, 'TiktokAnalyticsObject');
    Reflect.deleteProperty(window, 'dataLayer');
    Reflect.deleteProperty(window, 'gtag');
  });

  it('no pixels configured: no script, no globals', () => {
    startPixels(window, undefined);
    startPixels(window, {});
    trackWithPixels(deposit);
    expect(scripts()).toEqual([]);
    expect((window as unknown as Globals).fbq).toBeUndefined();
  });

  it('Meta: fbevents.js, init and PageView, then Purchase with the event id for de-duplication', () => {
    startPixels(window, { meta: '123456' });
    trackWithPixels(deposit);
    trackWithPixels({ ...deposit, id: 'evt-00000002', name: 'login', payload: {} });
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    const queue = ((window as unknown as Globals).fbq as { queue: unknown[][] }).queue;
    expect(queue).toEqual([
      ['init', '123456'],
      ['track', 'PageView'],
      [
        'track',
        'Purchase',
        { value: 100, currency: 'PHP', content_ids: ['99'] },
        { eventID: 'evt-00000001' },
      ],
      ['trackCustom', 'login', {}, { eventID: 'evt-00000002' }],
    ]);
  });

  it('TikTok and the Google tag load from their own origins and get the events', () => {
    startPixels(window, { tiktok: 'C4TT', gtag: 'G-ABC' });
    trackWithPixels(deposit);
    expect(scripts()).toEqual([
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C4TT&lib=ttq',
      'https://www.googletagmanager.com/gtag/js?id=G-ABC',
    ]);
    const ttq = (window as unknown as Globals).ttq as unknown[][];
    expect(ttq).toContainEqual([
      'track',
      'firstDeposit',
      { value: 100, currency: 'PHP', content_ids: ['99'] },
      { event_id: 'evt-00000001' },
    ]);
    const dataLayer = ((window as unknown as Globals).dataLayer as ArrayLike<unknown>[]).map((args) =>
      Array.from(args),
    );
    expect(dataLayer).toContainEqual(['config', 'G-ABC']);
    expect(dataLayer).toContainEqual([
      'event',
      'firstDeposit',
      { value: 100, currency: 'PHP', content_ids: ['99'], event_id: 'evt-00000001' },
    ]);
  });

  it('a hostile id loads nothing; pixels load once per page', () => {
    startPixels(window, { meta: '1" onload="alert(1)', gtag: 'G-1/../x' });
    expect(scripts()).toEqual([]);
    resetPixelsForTest();
    startPixels(window, { meta: '1' });
    startPixels(window, { meta: '1' });
    expect(scripts()).toHaveLength(1);
  });
});
