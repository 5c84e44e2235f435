import type { Announcement, Paged } from '@wps/contract/games';
import type { DownloadSetting } from '@wps/contract/content';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as content from '@/api/endpoints/content';
import * as lobby from '@/api/endpoints/lobby';
import * as environment from '@/platform/environment';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { RouteHandleContext } from '@/features/navigation';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { DownloadScreen } from './DownloadScreen';

vi.mock('@/api/endpoints/content', () => ({ fetchDownloadSetting: vi.fn() }));
vi.mock('@/api/endpoints/lobby', () => ({ fetchAnnouncements: vi.fn() }));
vi.mock('@/platform/environment', async (original) => ({
  ...(await original<typeof environment>()),
  currentEnvironment: vi.fn(),
}));
const fetchDownloadSetting = vi.mocked(content.fetchDownloadSetting);
const fetchAnnouncements = vi.mocked(lobby.fetchAnnouncements);
const currentEnvironment = vi.mocked(environment.currentEnvironment);

const IOS = 'https://apps.apple.com/app/id1';
const ANDROID = 'https://play.google.com/store/apps/details?id=x';

function setting(over: Partial<DownloadSetting> = {}): DownloadSetting {
  return {
    app_desc: 'Aurora Play: lottery and games on your phone.',
    app_desc_font_color: '#123456',
    login_prompt_text: 'Log in after installing.',
    resources: [
      { resourceType: 'IOS', url: IOS },
      { resourceType: 'Android', url: ANDROID },
    ],
    store_rating: null,
    ...over,
  };
}

function env(platform: 'ios' | 'android' | 'desktop'): environment.Environment {
  return {
    isNativeApp: false,
    nativeAppVersion: null,
    isInstalledPwa: false,
    isIosWebClip: false,
    isIos: platform === 'ios',
    isIpad: false,
    iosVersion: platform === 'ios' ? { major: 17, minor: 0 } : null,
    isAndroid: platform === 'android',
    isSafari: platform === 'ios',
    inAppBrowser: null,
    isMobile: platform !== 'desktop',
  };
}

const news: Paged<Announcement> = {
  list: [
    {
      id: '9',
      type: 'PR',
      category: 'app_download',
      title: 'Get the app',
      content: 'Install the app and receive ₱88.',
      imageBase: null,
      startTime: '2026-01-01T00:00:00Z',
      endTime: null,
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
};

async function renderDownload(path = '/m/download') {
  const view = renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[path]}>
      <RouteHandleContext value={{ titleKey: 'page_download' }}>
        <Routes>
          <Route path="download" element={<DownloadScreen />} />
          <Route path="app" element={<DownloadScreen />} />
        </Routes>
      </RouteHandleContext>
    </MemoryRouter>,
  );
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

beforeEach(() => {
  applyTestSettings();
  fetchDownloadSetting.mockResolvedValue(setting());
  fetchAnnouncements.mockResolvedValue(news);
});

afterEach(() => {
  fetchDownloadSetting.mockReset();
  fetchAnnouncements.mockReset();
  currentEnvironment.mockReset();
});

describe('DownloadScreen', () => {
  it.each([
    ['iOS', 'ios', 'Download for iPhone', IOS],
    ['Android', 'android', 'Download for Android', ANDROID],
  ] as const)('on %s the primary button is the platform’s link', async (_name, platform, label, href) => {
    currentEnvironment.mockReturnValue(env(platform));
    await renderDownload();
    const primary = screen.getByTestId('download-primary');
    expect(primary).toHaveTextContent(label);
    expect(primary).toHaveAttribute('href', href);
  });

  it('on a desktop the primary button adds the site to the home screen, and opens the guide', async () => {
    currentEnvironment.mockReturnValue(env('desktop'));
    await renderDownload('/m/app');
    const primary = screen.getByTestId('download-primary');
    expect(primary.tagName).toBe('BUTTON');
    expect(primary).toHaveTextContent('Add to home screen');
    expect(screen.getByRole('link', { name: 'Download for iPhone' })).toHaveAttribute('href', IOS);
    await act(async () => {
      fireEvent.click(primary);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByRole('dialog', { name: 'Add to home screen' })).toBeInTheDocument();
  });

  it('shows the description in its colour, the login prompt and the app news', async () => {
    currentEnvironment.mockReturnValue(env('android'));
    await renderDownload();
    expect(screen.getByText('Aurora Play: lottery and games on your phone.')).toHaveStyle({
      color: '#123456',
    });
    expect(screen.getByText('Log in after installing.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'App news' })).toBeInTheDocument();
    expect(screen.getByText('Install the app and receive ₱88.')).toBeInTheDocument();
    expect(fetchAnnouncements).toHaveBeenCalledWith(['PR'], { category: 'app_download' });
  });

  it('never links a javascript: or data: resource', async () => {
    currentEnvironment.mockReturnValue(env('android'));
    fetchDownloadSetting.mockResolvedValue(
      setting({
        app_desc_font_color: 'red;background:url(javascript:alert(1))',
        resources: [
          { resourceType: 'Android', url: 'javascript:alert(1)' },
          { resourceType: 'IOS', url: 'data:text/html,<script>alert(1)</script>' },
        ],
      }),
    );
    const { container } = await renderDownload();
    expect(container.querySelector('a[href^="javascript:"], a[href^="data:"]')).toBeNull();
    // Android without a safe link: add to home screen instead.
    expect(screen.getByTestId('download-primary')).toHaveTextContent('Add to home screen');
    expect(
      screen.getByText('Aurora Play: lottery and games on your phone.').getAttribute('style'),
    ).toBeNull();
  });

  // The store rating is the merchant's statement: never an invented 5.0 (docs/decisions/store-rating.md).
  it.each<[string, unknown, string | null, string | null]>([
    ['none stated (null)', null, null, null],
    ['an upstream that sends no field', undefined, null, null],
    [
      'a stated rating with count and store',
      { value: 4.6, count: 12345, store: 'Google Play' },
      'Rated 4.6 out of 5',
      '★★★★★4.612,345 ratingsGoogle Play',
    ],
    ['a stated rating alone', { value: 4.24, count: null, store: null }, 'Rated 4.2 out of 5', '★★★★☆4.2'],
    [
      'the lowest',
      { value: 1, count: 1, store: 'App Store' },
      'Rated 1.0 out of 5',
      '★☆☆☆☆1.01 ratingsApp Store',
    ],
    ['above five', { value: 5.1, count: 10, store: 'X' }, null, null],
    ['below one', { value: 0, count: 10, store: 'X' }, null, null],
    ['not a number', { value: 'NaN', count: 10, store: 'X' }, null, null],
    [
      'markup as the store',
      { value: 4, count: -3, store: '<img src=x onerror=alert(1)>' },
      'Rated 4.0 out of 5',
      '★★★★☆4.0<img src=x onerror=alert(1)>',
    ],
  ])('store rating: %s', async (_name, rating, label, text) => {
    currentEnvironment.mockReturnValue(env('android'));
    fetchDownloadSetting.mockResolvedValue(
      setting({ store_rating: rating as DownloadSetting['store_rating'] }),
    );
    const { container } = await renderDownload();
    expect(screen.queryByText(/5[.,]0/)).toBeNull();
    if (label === null) {
      expect(screen.queryByTestId('download-rating')).toBeNull();
      expect(screen.queryByText(/★/)).toBeNull();
      return;
    }
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    expect(screen.getByTestId('download-rating')).toHaveTextContent(text ?? '');
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
