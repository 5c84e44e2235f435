import { act } from '@testing-library/react';
import { MAINTENANCE_PAGE_MODULE_SOURCE } from '@wps/contract/serverRender';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/catalogs/en.json';
import { I18nProvider } from '@/i18n/I18nProvider';
import { INTL_WARM_UP_MAX_MS } from '@/platform/intlWarmUp';
import { fakeWorkers } from '@/test/fakeWorkers';
import { forgetEndTimeFormatters, MaintenancePage } from './MaintenancePage';

const END = '2026-12-01T10:00:00Z';

function Page({ endTime }: { endTime: string | null }) {
  return (
    <I18nProvider language="EN" catalog={en}>
      <MaintenancePage kind="maintenance" ip="203.0.113.9" endTime={endTime} />
    </I18nProvider>
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

/** Runs `work` with the process's clock in time zone `zone` (Node applies a new TZ at once). */
async function inZone<T>(zone: string, work: () => Promise<T>): Promise<T> {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  forgetEndTimeFormatters();
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
    forgetEndTimeFormatters();
  }
}

/** Hydrates `html` (the server's page, possibly edited) as the browser would. */
async function hydrate(html: string, endTime: string | null) {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const onRecoverableError = vi.fn();
  await act(async () => {
    root = hydrateRoot(container as HTMLElement, <Page endTime={endTime} />, { onRecoverableError });
  });
  return { time: container.querySelector('time'), onRecoverableError };
}

it('is the module the contract names: the server inlines its styles in a page rendered in maintenance', () => {
  const here = new URL('./MaintenancePage.tsx', import.meta.url).pathname;
  // The address of this folder's page, as the build's manifest names it (from apps/web).
  expect(here.endsWith(`/${MAINTENANCE_PAGE_MODULE_SOURCE}`)).toBe(true);
});

describe('the maintenance page rendered by the server', () => {
  it.each([
    ['Asia/Manila', 'Dec 1, 2026, 6:00 PM'],
    ['America/New_York', 'Dec 1, 2026, 5:00 AM'],
    // The same clock: the server's text stays, so nothing on the page moves once hydrated.
    ['UTC', 'Dec 1, 2026, 10:00 AM UTC'],
    ['Etc/GMT', 'Dec 1, 2026, 10:00 AM UTC'],
  ])(
    'says the end in UTC on the server, and on the clock of a visitor in %s once hydrated, without a mismatch',
    async (zone, shown) => {
      const html = renderToString(<Page endTime={END} />);
      expect(html).toMatch(/<time dateTime="2026-12-01T10:00:00Z">Dec 1, 2026, 10:00 AM UTC<\/time>/);
      const { time, onRecoverableError } = await inZone(zone, () => hydrate(html, END));
      expect(time).toHaveTextContent(new RegExp(`^${shown}$`));
      expect(onRecoverableError).not.toHaveBeenCalled();
    },
  );

  it.each([
    // What the server wrote is what hydration renders: it is not formatted again meanwhile.
    ['text the client would not have formatted', 'der 1. Dez. 2026 UTC'],
    ['a time in another format', '2026-12-01 10:00 UTC'],
    ['markup in the text (kept as text)', '&lt;b&gt;10:00&lt;/b&gt; UTC'],
  ])('hydration takes the server’s written end as is: %s', async (_case, written) => {
    const html = renderToString(<Page endTime={END} />).replace(
      /(<time[^>]*>)[^<]*(<\/time>)/,
      `$1${written}$2`,
    );
    const { time, onRecoverableError } = await inZone('Asia/Manila', () => hydrate(html, END));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(time).toHaveTextContent(/^Dec 1, 2026, 6:00 PM$/);
  });

  it('an end the page does not carry is formatted (a page for another end): the mismatch is reported', async () => {
    const html = renderToString(<Page endTime="2026-12-02T10:00:00Z" />);
    const { time, onRecoverableError } = await inZone('Asia/Manila', () => hydrate(html, END));
    expect(onRecoverableError).toHaveBeenCalled();
    expect(time).toHaveTextContent(/^Dec 1, 2026, 6:00 PM$/);
  });

  it.each([
    ['no end', null],
    ['an end that is not a date', 'soon'],
  ])('%s: no end line', async (_case, endTime) => {
    const html = renderToString(<Page endTime={endTime} />);
    expect(html).not.toContain('<time');
    const { time, onRecoverableError } = await hydrate(html, endTime);
    expect(time).toBeNull();
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});

describe('the local end after hydration: the date data loaded by a worker first', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each<[string, 'message' | 'error', string]>([
    ['the worker has made its formatter', 'message', 'Dec 1, 2026, 6:00 PM'],
    ['the worker failed (the page formats on its own)', 'error', 'Dec 1, 2026, 6:00 PM'],
  ])('the server’s text stays until %s', async (_case, answer, shown) => {
    const workers = fakeWorkers();
    const html = renderToString(<Page endTime={END} />);
    await inZone('Asia/Manila', async () => {
      const { time, onRecoverableError } = await hydrate(html, END);
      expect(workers).toHaveLength(1);
      expect(workers[0]?.asked).toEqual(['en-US']);
      expect(time).toHaveTextContent(/^Dec 1, 2026, 10:00 AM UTC$/);
      await act(async () => {
        workers[0]?.dispatchEvent(new Event(answer));
      });
      expect(time).toHaveTextContent(new RegExp(`^${shown}$`));
      expect(workers[0]?.terminated).toBe(true);
      expect(onRecoverableError).not.toHaveBeenCalled();
    });
  });

  it('a worker that never answers is not waited for beyond INTL_WARM_UP_MAX_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const workers = fakeWorkers();
      const html = renderToString(<Page endTime={END} />);
      await inZone('Asia/Manila', async () => {
        const { time } = await hydrate(html, END);
        await act(async () => {
          await vi.advanceTimersByTimeAsync(INTL_WARM_UP_MAX_MS - 1);
        });
        expect(time).toHaveTextContent(/UTC$/);
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1);
        });
        expect(time).toHaveTextContent(/^Dec 1, 2026, 6:00 PM$/);
        expect(workers[0]?.terminated).toBe(true);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(['UTC', 'Etc/GMT', 'Europe/London'])(
    'a visitor whose clock is on UTC then (%s) keeps the server’s text: no worker, no formatter',
    async (zone) => {
      const workers = fakeWorkers();
      const html = renderToString(<Page endTime={END} />).replace('10:00 AM UTC', '10:00 UTC (server)');
      const { time } = await inZone(zone, () => hydrate(html, END));
      expect(time).toHaveTextContent(/^Dec 1, 2026, 10:00 UTC \(server\)$/);
      expect(workers).toEqual([]);
    },
  );
});
