import type { Announcement, Paged } from '@wps/contract/games';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as content from '@/api/endpoints/content';
import * as lobby from '@/api/endpoints/lobby';
import { WpsError } from '@/api/errors';
import { clearSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { ActivityScreen } from './ActivityScreen';

vi.mock('@/api/endpoints/lobby', () => ({ fetchAnnouncements: vi.fn(), fetchGameCategories: vi.fn() }));
vi.mock('@/api/endpoints/content', () => ({
  fetchPromotionCategories: vi.fn(),
  fetchPromoCodeEnable: vi.fn(),
  claimPromoCode: vi.fn(),
}));
const fetchAnnouncements = vi.mocked(lobby.fetchAnnouncements);
const fetchPromotionCategories = vi.mocked(content.fetchPromotionCategories);
const fetchPromoCodeEnable = vi.mocked(content.fetchPromoCodeEnable);
const claimPromoCode = vi.mocked(content.claimPromoCode);

function promotion(id: string, extra: Partial<Announcement> = {}): Announcement {
  return {
    id,
    type: 'PR',
    category: null,
    title: `Promotion ${id}`,
    content: `<img src=x onerror=alert(1)>\nSecond line ${id}`,
    imageBase: `/wps/game/image/promo-${id}`,
    startTime: '2026-01-01T00:00:00Z',
    endTime: null,
    ...extra,
  };
}

function paged(list: Announcement[]): Paged<Announcement> {
  return { list, page: 1, pageSize: list.length, total: list.length };
}

async function renderAt(url: string) {
  const view = renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route path="activity" element={<ActivityScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

beforeEach(() => {
  fetchPromotionCategories.mockResolvedValue([]);
  fetchPromoCodeEnable.mockResolvedValue({ enabled: false });
});

afterEach(() => {
  fetchAnnouncements.mockReset();
  fetchPromotionCategories.mockReset();
  fetchPromoCodeEnable.mockReset();
  claimPromoCode.mockReset();
  clearSession();
});

describe('ActivityScreen', () => {
  it('shows the promotion of ?id= with its title, image and plain-text content', async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('7')]));
    const { container } = await renderAt('/m/activity?id=7');
    expect(fetchAnnouncements).toHaveBeenCalledWith(['PR'], { id: '7' });
    expect(screen.getByRole('heading', { level: 1, name: 'Promotion 7' })).toBeInTheDocument();
    const content = screen.getByText(/Second line 7/);
    expect(content.textContent).toContain('<img src=x onerror=alert(1)>');
    // the content is text, no element was made from it
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      '/wps/game/image/promo-7.avif',
    );
    expect(screen.getByRole('link', { name: 'All promotions' })).toHaveAttribute('href', '/m/activity');
  });

  it('shows the end date when there is one', async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('7', { endTime: '2026-12-31T12:00:00Z' })]));
    await renderAt('/m/activity?id=7');
    expect(screen.getByText(/^Until /)).toBeInTheDocument();
  });

  it.each([
    ['an unknown id', paged([])],
    ['an answer for another id', paged([promotion('8')])],
  ])('%s shows an empty state with a link home', async (_name, answer) => {
    fetchAnnouncements.mockResolvedValue(answer);
    await renderAt('/m/activity?id=7');
    expect(screen.getByText('This promotion is not available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/m/home');
  });

  // A dropped network is the usual failure: Retry loads again in place, the way home stays.
  it.each([
    ['a promotion', '/m/activity?id=7', 'Promotion 7'],
    ['the list', '/m/activity', 'Promotion 7'],
  ])('a failed load of %s says so, with Retry and a link home', async (_name, path, shown) => {
    fetchAnnouncements.mockRejectedValueOnce(new Error('down'));
    await renderAt(path);
    expect(screen.getByRole('alert')).toHaveTextContent('Promotions could not be loaded.');
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
    fetchAnnouncements.mockResolvedValue(paged([promotion('7')]));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getAllByText(shown).length).toBeGreaterThan(0);
    expect(screen.queryByText('Promotions could not be loaded.')).not.toBeInTheDocument();
  });

  it('an over-long id is not asked for', async () => {
    await renderAt(`/m/activity?id=${'a'.repeat(80)}`);
    expect(fetchAnnouncements).not.toHaveBeenCalled();
    expect(screen.getByText('This promotion is not available.')).toBeInTheDocument();
  });

  it('without id lists the current promotions, each linking to ?id=', async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('1'), promotion('a b')]));
    await renderAt('/m/activity');
    expect(fetchAnnouncements).toHaveBeenCalledWith(['PR'], { pageSize: 50 });
    expect(screen.getByRole('heading', { level: 1, name: 'Current promotions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Promotion 1' })).toHaveAttribute('href', '/m/activity?id=1');
    expect(screen.getByRole('link', { name: 'Promotion a b' })).toHaveAttribute(
      'href',
      '/m/activity?id=a%20b',
    );
  });

  it.each([
    [
      'its own terms section when it has terms',
      { terms: 'Wager 10 times.' },
      '/m/activity?id=1#promotion-terms',
    ],
    ['the merchant’s terms when it has none', { terms: null }, '/m/legal/terms'],
  ])('each promotion links %s', async (_case, overrides, href) => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('1', overrides)]));
    await renderAt('/m/activity');
    expect(screen.getByRole('link', { name: 'Terms apply' })).toHaveAttribute('href', href);
  });

  it("the pictures of a phone's first screen (the first two cards) load at once, the rest lazily", async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('1'), promotion('2'), promotion('3')]));
    await renderAt('/m/activity');
    const loading = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/m/activity?id='))
      .map((link) => {
        const image = link.querySelector('img');
        return [image?.getAttribute('loading'), image?.getAttribute('fetchpriority')];
      });
    expect(loading).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
    ]);
  });

  it('without promotions says so', async () => {
    fetchAnnouncements.mockResolvedValue(paged([]));
    await renderAt('/m/activity');
    expect(screen.getByText('There are no promotions right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  describe('categories', () => {
    const list = paged([
      promotion('1', { category: 'bonus', title: 'Welcome bonus' }),
      promotion('2', { category: 'reload', title: 'Weekend reload' }),
      promotion('3', { category: null, title: 'Uncategorised' }),
    ]);
    const categories = [
      { code: 'bonus', name: 'Bonuses' },
      { code: 'reload', name: 'Reloads' },
      { code: 'empty', name: 'Nothing here' },
    ];
    // The cards (each promotion's terms link beside its card is not one).
    const titles = () =>
      within(screen.getByTestId('activity-list'))
        .getAllByRole('link')
        .filter((link) => link.textContent !== 'Terms apply')
        .map((link) => link.textContent);

    it.each([
      ['/m/activity', 'All', ['Welcome bonus', 'Weekend reload', 'Uncategorised']],
      ['/m/activity?category=bonus', 'Bonuses', ['Welcome bonus']],
      ['/m/activity?category=reload', 'Reloads', ['Weekend reload']],
      // A category without promotions has no tab; unknown or hostile codes show all.
      ['/m/activity?category=empty', 'All', ['Welcome bonus', 'Weekend reload', 'Uncategorised']],
      ['/m/activity?category=%3Cscript%3E', 'All', ['Welcome bonus', 'Weekend reload', 'Uncategorised']],
    ])('%s: the %s tab is current and lists %j', async (url, current, expected) => {
      fetchAnnouncements.mockResolvedValue(list);
      fetchPromotionCategories.mockResolvedValue(categories);
      await renderAt(url);
      const tabs = screen.getByRole('navigation', { name: 'Promotion categories' });
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['All', 'Bonuses', 'Reloads']);
      expect(within(tabs).getByRole('link', { name: current })).toHaveAttribute('aria-current', 'page');
      expect(within(tabs).getByRole('link', { name: 'Bonuses' })).toHaveAttribute(
        'href',
        '/m/activity?category=bonus',
      );
      expect(titles()).toEqual(expected);
    });

    it('without categories (or when they fail) shows no tabs and every promotion', async () => {
      fetchAnnouncements.mockResolvedValue(list);
      fetchPromotionCategories.mockRejectedValue(new Error('down'));
      await renderAt('/m/activity?category=bonus');
      expect(screen.queryByRole('navigation', { name: 'Promotion categories' })).toBeNull();
      expect(titles()).toHaveLength(3);
    });
  });

  describe('rich text and terms', () => {
    it('renders the safe tags, drops the rest, and checks links', async () => {
      fetchAnnouncements.mockResolvedValue(
        paged([
          promotion('7', {
            richContent:
              '<p>Get <strong>100%</strong> <em>more</em><script>alert(1)</script></p>' +
              '<ul><li>One</li><li>Two</li></ul><img src=x onerror=alert(1)>' +
              '<a href="javascript:alert(1)">bad link</a> <a href="https://example.com/t">good link</a> ' +
              '<a href="/m/feedback">in app</a> <a href="data:text/html,x">data link</a>' +
              '<p onclick="alert(1)" style="color:red">styled</p>',
            terms: 'One bonus per member.',
          }),
        ]),
      );
      const { container } = await renderAt('/m/activity?id=7');
      const article = screen.getByTestId('activity-detail');
      expect(article.querySelector('strong')?.textContent).toBe('100%');
      expect(article.querySelectorAll('li')).toHaveLength(2);
      expect(container.querySelector('script, img[src="x"], [onclick], [style]')).toBeNull();
      expect(article.textContent).not.toContain('alert(1)');
      expect(screen.getByRole('link', { name: 'good link' })).toHaveAttribute(
        'href',
        'https://example.com/t',
      );
      expect(screen.getByRole('link', { name: 'good link' })).toHaveAttribute(
        'rel',
        expect.stringContaining('noopener'),
      );
      expect(screen.getByRole('link', { name: 'in app' })).toHaveAttribute('href', '/m/feedback');
      expect(screen.queryByRole('link', { name: 'bad link' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'data link' })).toBeNull();
      expect(article.textContent).toContain('bad link');
      expect(screen.getByRole('heading', { level: 2, name: 'Terms and conditions' })).toBeInTheDocument();
      expect(screen.getByText('One bonus per member.')).toBeInTheDocument();
      // The card's "Terms apply" lands on this section; the merchant's own terms are linked as well.
      expect(screen.getByText('One bonus per member.').closest('section')).toHaveAttribute(
        'id',
        'promotion-terms',
      );
      expect(screen.getByRole('link', { name: 'General terms and conditions' })).toHaveAttribute(
        'href',
        '/m/legal/terms',
      );
    });
  });

  describe('the promo-code box', () => {
    async function openPromotion() {
      fetchAnnouncements.mockResolvedValue(paged([promotion('7')]));
      fetchPromoCodeEnable.mockResolvedValue({ enabled: true });
      await renderAt('/m/activity?id=7');
    }
    const type = (text: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: text } });
    const submit = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
        await Promise.resolve();
      });
    };

    it('is not shown when the merchant does not offer promo codes', async () => {
      fetchAnnouncements.mockResolvedValue(paged([promotion('7')]));
      signIn();
      await renderAt('/m/activity?id=7');
      expect(screen.queryByRole('heading', { name: 'Promo code' })).toBeNull();
    });

    it('offers a visitor the login, coming back to the promotion', async () => {
      await openPromotion();
      expect(screen.getByRole('link', { name: 'Log in to claim a promo code' })).toHaveAttribute(
        'href',
        `/m/login?go=${encodeURIComponent('/m/activity?id=7')}`,
      );
      expect(screen.queryByRole('textbox')).toBeNull();
    });

    it('claims a code for a member and says so', async () => {
      signIn();
      await openPromotion();
      claimPromoCode.mockResolvedValue({
        code: 'WELCOME88',
        promotionId: '7',
        claimedAt: '2026-01-01T00:00:00Z',
      });
      type(' welcome88 ');
      await submit();
      expect(claimPromoCode).toHaveBeenCalledWith(' welcome88 ', '7');
      expect(screen.getByRole('status')).toHaveTextContent('Promo code WELCOME88 claimed.');
    });

    it.each([
      ['promo_code_claimed', 'You have already claimed this promo code.'],
      ['promo_code_invalid', 'This promo code is not valid.'],
      ['promo_code_expired', 'This promo code is not active at the moment.'],
      ['promo_code_disabled', 'Promo codes are not available right now.'],
      ['invalid_request', 'A promo code has 4 to 32 letters, digits or hyphens.'],
      ['internal_error', 'The promo code could not be claimed. Please try again.'],
    ])('a refusal %s shows “%s”', async (errorCode, message) => {
      signIn();
      await openPromotion();
      claimPromoCode.mockRejectedValue(new WpsError(409, errorCode, 'server text'));
      type('WELCOME88');
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText('server text')).toBeNull();
    });

    it.each([
      ['', 'Please enter a promo code.'],
      ['ab', 'A promo code has 4 to 32 letters, digits or hyphens.'],
      ['<script>', 'A promo code has 4 to 32 letters, digits or hyphens.'],
      ['A'.repeat(33), 'A promo code has 4 to 32 letters, digits or hyphens.'],
    ])('%j is refused before it is sent: “%s”', async (text, message) => {
      signIn();
      await openPromotion();
      type(text);
      await submit();
      expect(claimPromoCode).not.toHaveBeenCalled();
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    });
  });
});
