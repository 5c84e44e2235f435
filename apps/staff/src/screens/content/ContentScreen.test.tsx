import type { PopupOptions, StaffBannerList, StaffBannerView } from '@wps/contract/contentAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { t } from '@/i18n/t';
import { ContentScreen } from './ContentScreen';

afterEach(() => vi.unstubAllGlobals());

const WRITER: StaffPermission[] = ['console:open', 'content:read', 'content:write'];
const READER: StaffPermission[] = ['console:open', 'content:read'];

const banner = (overrides: Partial<StaffBannerView> = {}): StaffBannerView => ({
  id: '7',
  status: 'live',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  titles: { EN: 'Weekend cashback' },
  linkageType: 'URL',
  linkage: 'https://promo.example.test/',
  roomId: null,
  nodeId: null,
  gameType: null,
  vendor: null,
  art: { colors: ['#112233', '#445566'], glyph: 'WK' },
  imageBase: '/wps/game/image/banner-7',
  position: 0,
  ...overrides,
});

const LIST: StaffBannerList = {
  defaultLanguage: 'EN',
  languages: ['EN', 'TH'],
  banners: [
    banner(),
    banner({ id: '8', status: 'scheduled', titles: { EN: 'Next month' } }),
    banner({ id: '9', status: 'ended', titles: { EN: 'Last year' } }),
  ],
};

const OPTIONS: PopupOptions = {
  autoplay: true,
  delay: 5000,
  showClose: true,
  showTodayCheckbox: true,
  showPagination: true,
  forceRead: false,
  forcePopup: false,
  outsideClose: true,
  waitSeconds: 0,
};

function server(write: (path: string, body: unknown) => FakeAnswer = () => ok(banner())) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/content/banners') return ok(LIST);
    if (method === 'GET' && path === '/wps/staff/content/banners/links')
      return ok({ promotions: [{ id: '3', title: 'Welcome bonus' }], games: [] });
    if (method === 'GET' && path === '/wps/staff/content/popup-options') return ok(OPTIONS);
    if (method === 'GET' && path === '/wps/staff/content/announcements')
      return ok({
        defaultLanguage: 'EN',
        languages: ['EN', 'TH'],
        announcements: [
          {
            id: '4',
            type: 'POPUP',
            status: 'live',
            startsAt: '2026-11-01T00:00:00.000Z',
            endsAt: null,
            audience: 'all',
            position: 0,
            texts: { EN: { title: 'Welcome', content: 'Try any game free.' } },
          },
        ],
      });
    if (method === 'POST') return write(path, body);
    return undefined;
  });
}

describe('Content', () => {
  it('lists the banners with their status and hides the writes from read-only staff', async () => {
    server();
    renderWithQueries(<ContentScreen permissions={READER} />);
    const table = await screen.findByRole('table', { name: 'Banners' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Live',
      'Scheduled',
      'Ended',
    ]);
    expect(screen.queryByRole('button', { name: 'New banner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it.each([
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.test/x', false],
    ['https://promo.example.test/a', true],
    ['/m/activity?id=3', true],
  ])('checks the link %s before it can be saved (followed: %s)', async (link, followed) => {
    server();
    const user = userEvent.setup();
    renderWithQueries(<ContentScreen permissions={WRITER} />);
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    await user.type(screen.getByLabelText('Title (EN)'), 'Cashback');
    await user.type(screen.getByLabelText('Link (/m/… page or http(s) address)'), link);
    const save = screen.getByRole('button', { name: 'Save' });
    if (followed) expect(save).toBeEnabled();
    else {
      expect(save).toBeDisabled();
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent('This link breaks the banner rules');
    }
  });

  it('saves a banner with a title per language and shows it in the preview as typed', async () => {
    let sent: unknown;
    server((path, body) => {
      sent = { path, body };
      return ok(banner());
    });
    const user = userEvent.setup();
    renderWithQueries(<ContentScreen permissions={WRITER} />);
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const preview = screen.getByRole('figure', { name: 'Banner preview' });
    await user.type(screen.getByLabelText('Title (EN)'), 'Cashback');
    expect(within(preview).getByText('Cashback')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^TH/ }));
    await user.type(screen.getByLabelText('Title (TH)'), 'คืนเงิน');
    expect(within(preview).getByText('คืนเงิน')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Link type'), 'P');
    expect(within(preview).getByText('Pick the promotion it opens.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Promotion'), '3');
    expect(within(preview).getByText('A tap opens the promotion “Welcome bonus”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('table', { name: 'Banners' })).toBeInTheDocument();
    expect(sent).toMatchObject({
      path: '/wps/staff/content/banners',
      body: { titles: { EN: 'Cashback', TH: 'คืนเงิน' }, linkageType: 'P', linkage: '3', vendor: null },
    });
  });

  it('shows the server’s refusal in words and keeps the editor open', async () => {
    server(() => refusal(400, 'content_window_invalid'));
    const user = userEvent.setup();
    renderWithQueries(<ContentScreen permissions={WRITER} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Weekend cashback' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(t('error_content_window_invalid'))).toBeInTheDocument();
    expect(screen.getByLabelText('Title (EN)')).toHaveValue('Weekend cashback');
  });

  it('retires a banner after a confirmation', async () => {
    const posted: string[] = [];
    server((path) => {
      posted.push(path);
      return ok(banner({ status: 'ended' }));
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const user = userEvent.setup();
    renderWithQueries(<ContentScreen permissions={WRITER} />);
    await user.click(await screen.findByRole('button', { name: 'Retire Weekend cashback' }));
    expect(posted).toEqual(['/wps/staff/content/banners/7/retire']);
    // An ended banner offers no retire.
    expect(screen.queryByRole('button', { name: 'Retire Last year' })).not.toBeInTheDocument();
  });

  it('previews the popup with its options and saves them', async () => {
    let sent: unknown;
    server((_path, body) => {
      sent = body;
      return ok(body);
    });
    const user = userEvent.setup();
    renderWithQueries(<ContentScreen permissions={WRITER} />);
    await user.click(await screen.findByRole('tab', { name: 'Popup options' }));
    const preview = await screen.findByRole('figure', { name: 'Popup preview' });
    expect(within(preview).getByText('Welcome')).toBeInTheDocument();
    expect(within(preview).getByText('Don’t show again today')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Force popup/ }));
    // A forced popup offers no "today" checkbox.
    expect(within(preview).queryByText('Don’t show again today')).not.toBeInTheDocument();
    expect(within(preview).getByText(/Shown every time the home opens/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save options' }));
    expect(await screen.findByText(/Members see the popup this way/)).toBeInTheDocument();
    expect(sent).toEqual({ ...OPTIONS, forcePopup: true });
  });
});
