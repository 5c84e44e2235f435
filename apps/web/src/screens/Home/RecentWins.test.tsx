import type { RankEntry } from '@wps/contract/games';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import type { Catalog } from '@/i18n';
import en from '@/i18n/catalogs/en.json';
import viCatalog from '@/i18n/catalogs/vi.json';
import { I18nProvider } from '@/i18n/I18nProvider';
import { settingsStore } from '@/state/settings';
import { testSettings } from '@/test/settingsFixture';
import { RECENT_WINS_LIMIT, RecentWins } from './RecentWins';

vi.mock('@/api/endpoints/game', () => ({ fetchRankList: vi.fn() }));
const fetchRankList = vi.mocked(game.fetchRankList);

const CATALOGS: Record<'EN' | 'VI', Catalog> = { EN: en, VI: viCatalog };

function win(extra: Partial<RankEntry> = {}): RankEntry {
  return {
    maskedName: 'a***e',
    gameName: 'Lucky Fortune',
    gameId: 'g1',
    amount: 1234.5,
    currency: 'PHP',
    at: '2026-11-22T02:00:00Z',
    ...extra,
  };
}

async function renderWins(language: 'EN' | 'VI' = 'EN') {
  const view = render(
    <I18nProvider language={language} catalog={CATALOGS[language]}>
      <RecentWins />
    </I18nProvider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return view;
}

const winsList = () => screen.getByRole('list', { name: 'Recent wins' });

beforeEach(() => {
  settingsStore.set({ status: 'ready', settings: testSettings() });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('RecentWins', () => {
  it('lists each win as plain text: name, game and amount', async () => {
    fetchRankList.mockResolvedValue([
      win(),
      win({ maskedName: 'b***o', gameName: 'Dragon Keno', amount: 80 }),
    ]);
    await renderWins();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent wins' })).toBeInTheDocument();
    const rows = within(winsList()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('a***e won ₱1,234.50 on Lucky Fortune');
    expect(rows[1]).toHaveTextContent('b***o won ₱80.00 on Dragon Keno');
    expect(winsList()).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchRankList).toHaveBeenCalledTimes(1);
  });

  it('shows skeleton rows while loading', async () => {
    fetchRankList.mockReturnValue(new Promise(() => undefined));
    const { container } = await renderWins();
    expect(screen.getByRole('heading', { name: 'Recent wins' })).toBeInTheDocument();
    expect(winsList()).toHaveAttribute('aria-busy', 'true');
    expect(within(winsList()).queryAllByRole('listitem')).toHaveLength(0);
    expect(container.querySelectorAll('.home-win-skeleton')).toHaveLength(3);
  });

  it('is hidden when there are no wins', async () => {
    fetchRankList.mockResolvedValue([]);
    const { container } = await renderWins();
    expect(container).toBeEmptyDOMElement();
  });

  it('is hidden when the call fails', async () => {
    fetchRankList.mockRejectedValue(new Error('down'));
    const { container } = await renderWins();
    expect(fetchRankList).toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it(`shows at most ${RECENT_WINS_LIMIT} wins`, async () => {
    fetchRankList.mockResolvedValue(
      Array.from({ length: RECENT_WINS_LIMIT + 5 }, (_, index) => win({ gameId: `g${index}` })),
    );
    await renderWins();
    expect(within(winsList()).getAllByRole('listitem')).toHaveLength(RECENT_WINS_LIMIT);
  });

  it("formats the amount in the app's language, in the win's currency", async () => {
    fetchRankList.mockResolvedValue([win({ amount: 1234500, currency: 'VND' })]);
    const { unmount } = await renderWins('EN');
    expect(within(winsList()).getByRole('listitem')).toHaveTextContent(
      'a***e won ₫1,234,500 on Lucky Fortune',
    );
    unmount();

    await renderWins('VI');
    const list = screen.getByRole('list', { name: 'Thắng lớn gần đây' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      /a\*\*\*e thắng 1\.234\.500\s₫ trong Lucky Fortune/,
    );
  });

  it("falls back to the merchant's currency and shows TLB as PHP", async () => {
    fetchRankList.mockResolvedValue([
      win({ currency: '', amount: 50 }),
      win({ currency: 'TLB', amount: 7.5, gameId: 'g2' }),
    ]);
    await renderWins('VI');
    const rows = within(screen.getByRole('list', { name: 'Thắng lớn gần đây' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/thắng 50,00\sPHP trong/);
    expect(rows[1]).toHaveTextContent(/thắng 7,50\sPHP trong/);
  });

  // A play-credit round is never shown as money: not with the win's currency, not with the merchant's.
  it.each([
    ['EN', win({ playCredit: true, currency: '', amount: 150 }), /a\*\*\*e won 150 play credits on/, /₱|PHP/],
    ['EN', win({ playCredit: true, currency: 'PHP', amount: 1500 }), /won 1,500 play credits/, /₱|PHP/],
    ['VI', win({ playCredit: true, currency: '', amount: 2500 }), /2\.500 điểm chơi thử/, /₫|PHP|₱/],
  ] as const)('%s: play credit as play credit (%#)', async (language, entry, shown, notShown) => {
    fetchRankList.mockResolvedValue([entry]);
    await renderWins(language);
    const row = screen.getAllByRole('listitem')[0];
    expect(row).toHaveTextContent(shown);
    expect(row?.textContent ?? '').not.toMatch(notShown);
  });
});
