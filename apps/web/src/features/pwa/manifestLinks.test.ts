import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MANIFEST_WAIT_MS, TOUCH_ICON_WAIT_MS } from '@wps/contract/constants';
import {
  type ManifestIcon,
  type ManifestLinkDeps,
  applyFullscreenPreference,
  linkManifest,
  pickTouchIcon,
  readManifestFacts,
  safeIconUrl,
  waitAtMost,
} from './manifestLinks';

const BASE = 'https://aurora.example/wps/system/manifest.json?merchantCode=aurora';

describe('readManifestFacts', () => {
  it.each<[string, unknown, string | null, ManifestIcon[]]>([
    [
      'a manifest',
      { short_name: 'Aurora', icons: [{ src: '/i/180.png', sizes: '180x180' }] },
      'Aurora',
      [{ src: '/i/180.png', size: 180 }],
    ],
    ['short_name trimmed', { short_name: '  Aurora  ' }, 'Aurora', []],
    ['no short_name', { name: 'Aurora Play' }, null, []],
    ['an empty short_name', { short_name: '   ' }, null, []],
    ['a number', { short_name: 42 }, null, []],
    ['control characters', { short_name: 'Aur\u0000ora' }, null, []],
    ['a bidi override', { short_name: '\u202eaurora' }, null, []],
    ['far too long', { short_name: 'A'.repeat(46) }, null, []],
    [
      'several sizes: the largest square',
      { icons: [{ src: 'a.png', sizes: '48x48 512x512 600x400' }] },
      null,
      [{ src: 'a.png', size: 512 }],
    ],
    ['sizes any', { icons: [{ src: 'a.svg', sizes: 'any' }] }, null, [{ src: 'a.svg', size: 0 }]],
    ['icons not a list', { icons: 'a.png' }, null, []],
    [
      'icon entries of the wrong kind',
      { icons: [null, 3, { src: 7 }, { src: '' }, { sizes: '1x1' }] },
      null,
      [],
    ],
    ['null', null, null, []],
    ['a list', [{ short_name: 'x' }], null, []],
    ['text', 'Aurora', null, []],
  ])('%s', (_case, json, shortName, icons) => {
    expect(readManifestFacts(json)).toEqual({ shortName, icons });
  });

  it('reads at most 20 icons', () => {
    const icons = Array.from({ length: 50 }, (_, i) => ({ src: `${i}.png`, sizes: '180x180' }));
    expect(readManifestFacts({ icons }).icons).toHaveLength(20);
  });
});

describe('safeIconUrl and pickTouchIcon', () => {
  it.each<[string, string, string | null]>([
    [
      'a path on the same origin',
      '/wps/system/icon/180.png',
      'https://aurora.example/wps/system/icon/180.png',
    ],
    ['relative to the manifest', 'icon/180.png', 'https://aurora.example/wps/system/icon/180.png'],
    ['https elsewhere (a CDN)', 'https://cdn.example/a.png', 'https://cdn.example/a.png'],
    ['http elsewhere', 'http://cdn.example/a.png', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['data:', 'data:image/png;base64,AAAA', null],
    ['garbage', 'https://', null],
  ])('%s', (_case, src, expected) => {
    expect(safeIconUrl(src, BASE)).toBe(expected);
  });

  it.each<[string, ManifestIcon[], string | null]>([
    [
      'exactly 180',
      [
        { src: '/512.png', size: 512 },
        { src: '/180.png', size: 180 },
      ],
      '/180.png',
    ],
    [
      'else the smallest larger',
      [
        { src: '/512.png', size: 512 },
        { src: '/192.png', size: 192 },
      ],
      '/192.png',
    ],
    [
      'else the largest',
      [
        { src: '/48.png', size: 48 },
        { src: '/96.png', size: 96 },
      ],
      '/96.png',
    ],
    [
      'unsafe ones skipped',
      [
        { src: 'javascript:x', size: 180 },
        { src: '/512.png', size: 512 },
      ],
      '/512.png',
    ],
    ['none usable', [{ src: 'http://evil.example/a.png', size: 180 }], null],
    ['none', [], null],
  ])('%s', (_case, icons, expected) => {
    const picked = pickTouchIcon(icons, BASE);
    expect(picked === null ? null : new URL(picked).pathname).toBe(expected);
  });
});

describe('waitAtMost', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const timer = (run: () => void, ms: number) => setTimeout(run, ms);

  it('gives the value when it comes in time', async () => {
    const result = waitAtMost(Promise.resolve('ok'), 100, timer);
    await expect(result).resolves.toBe('ok');
  });

  it('gives null once the wait is over', async () => {
    const result = waitAtMost(new Promise<string>(() => {}), 100, timer);
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBeNull();
  });

  it('gives null for a failure', async () => {
    await expect(waitAtMost(Promise.reject(new Error('x')), 100, timer)).resolves.toBeNull();
  });
});

describe('linkManifest', () => {
  const MANIFEST = {
    short_name: 'Aurora',
    icons: [{ src: '/wps/system/icon/180.png?merchantCode=aurora', sizes: '180x180' }],
  };
  const GENERATED = 'http://localhost:3000/wps/system/icon/180.png?merchantCode=aurora';

  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  function deps(overrides: Partial<ManifestLinkDeps> = {}): ManifestLinkDeps {
    return {
      merchantCode: 'aurora',
      fetcher: vi.fn(async () => Response.json(MANIFEST)),
      loadImage: vi.fn(async () => {}),
      setTimeout: (run, ms) => setTimeout(run, ms),
      ...overrides,
    };
  }
  const never = () => new Promise<never>(() => {});
  const meta = (name: string) =>
    document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const touchIcon = () => document.head.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href;

  it('links the manifest when the page has none, fetches it with the Merchant header, titles the page', async () => {
    const fetcher = vi.fn(async () => Response.json(MANIFEST));
    const result = await linkManifest(document, deps({ fetcher }));
    expect(result).toEqual({ manifest: 'linked', title: 'Aurora', touchIcon: 'replaced' });
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    expect(link?.getAttribute('href')).toBe('/wps/system/manifest.json?merchantCode=aurora');
    expect(fetcher).toHaveBeenCalledWith(
      'http://localhost:3000/wps/system/manifest.json?merchantCode=aurora',
      expect.objectContaining({ headers: { Merchant: 'aurora' } }),
    );
    expect(meta('apple-mobile-web-app-title')).toBe('Aurora');
    expect(meta('application-name')).toBe('Aurora');
    expect(touchIcon()).toBe(GENERATED);
  });

  it('does nothing without a manifest link or a merchant', async () => {
    const fetcher = vi.fn(async () => Response.json(MANIFEST));
    expect(await linkManifest(document, deps({ merchantCode: null, fetcher }))).toEqual({
      manifest: 'missing',
      title: null,
      touchIcon: 'none',
    });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it(`waits ${MANIFEST_WAIT_MS} ms for the manifest, then keeps what the server linked`, async () => {
    document.head.innerHTML = '<link rel="apple-touch-icon" href="https://cdn.example/t.png">';
    let signal: AbortSignal | undefined;
    const fetcher = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return never();
    });
    const result = linkManifest(document, deps({ fetcher }));
    await vi.advanceTimersByTimeAsync(MANIFEST_WAIT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ manifest: 'unread', title: null, touchIcon: 'kept' });
    expect(signal?.aborted).toBe(true);
    expect(touchIcon()).toBe('https://cdn.example/t.png');
    expect(meta('apple-mobile-web-app-title')).toBeUndefined();
  });

  it.each<[string, () => Promise<Response>]>([
    ['an error status', async () => new Response('no', { status: 404 })],
    ['not JSON', async () => new Response('<html>')],
    ['a network failure', async () => Promise.reject(new TypeError('offline'))],
  ])('an unreadable manifest (%s) changes nothing', async (_case, answer) => {
    const result = await linkManifest(document, deps({ fetcher: vi.fn(answer) }));
    expect(result.manifest).toBe('unread');
    expect(touchIcon()).toBeUndefined();
  });

  it('keeps a linked touch icon that loads', async () => {
    document.head.innerHTML = '<link rel="apple-touch-icon" href="https://cdn.example/t.png">';
    const result = await linkManifest(document, deps());
    expect(result.touchIcon).toBe('kept');
    expect(touchIcon()).toBe('https://cdn.example/t.png');
  });

  it('replaces a linked touch icon that fails with the manifest one', async () => {
    document.head.innerHTML = '<link rel="apple-touch-icon" href="https://cdn.example/broken.png">';
    const loadImage = vi.fn(async (href: string) => {
      if (href.includes('broken')) throw new Error('404');
    });
    expect((await linkManifest(document, deps({ loadImage }))).touchIcon).toBe('replaced');
    expect(touchIcon()).toBe(GENERATED);
  });

  it(`replaces a touch icon slower than ${TOUCH_ICON_WAIT_MS} ms`, async () => {
    document.head.innerHTML = '<link rel="apple-touch-icon" href="https://cdn.example/slow.png">';
    const loadImage = vi.fn((href: string) => (href.includes('slow') ? never() : Promise.resolve()));
    const result = linkManifest(document, deps({ loadImage }));
    await vi.advanceTimersByTimeAsync(TOUCH_ICON_WAIT_MS - 1);
    expect(touchIcon()).toBe('https://cdn.example/slow.png');
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ touchIcon: 'replaced' });
    expect(touchIcon()).toBe(GENERATED);
  });

  it('keeps the linked icon when the manifest one fails too', async () => {
    document.head.innerHTML = '<link rel="apple-touch-icon" href="https://cdn.example/broken.png">';
    const loadImage = vi.fn(async () => Promise.reject(new Error('404')));
    expect((await linkManifest(document, deps({ loadImage }))).touchIcon).toBe('kept');
    expect(touchIcon()).toBe('https://cdn.example/broken.png');
  });

  it('a hostile manifest neither titles the page nor links its icons', async () => {
    const hostile = {
      short_name: '<script>\u0007',
      icons: [{ src: 'javascript:alert(1)', sizes: '180x180' }],
    };
    const result = await linkManifest(document, deps({ fetcher: vi.fn(async () => Response.json(hostile)) }));
    expect(result).toEqual({ manifest: 'linked', title: null, touchIcon: 'none' });
    expect(meta('apple-mobile-web-app-title')).toBeUndefined();
    expect(touchIcon()).toBeUndefined();
  });
});

describe('applyFullscreenPreference (fullscreen=0)', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<meta name="apple-mobile-web-app-capable" content="yes"><meta name="mobile-web-app-capable" content="yes">';
  });
  const capable = () =>
    ['apple-mobile-web-app-capable', 'mobile-web-app-capable'].map(
      (name) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content,
    );

  it.each<[string, boolean, string[]]>([
    ['fullscreen=0: no chrome-less home-screen app', true, ['no', 'no']],
    ['otherwise the page stays web-app capable', false, ['yes', 'yes']],
  ])('%s', (_case, disabled, expected) => {
    applyFullscreenPreference(document, disabled);
    expect(capable()).toEqual(expected);
  });
});
