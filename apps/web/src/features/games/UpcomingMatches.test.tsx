import type { GameMatch } from '@wps/contract/games';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import type { Catalog } from '@/i18n';
import en from '@/i18n/catalogs/en.json';
import viCatalog from '@/i18n/catalogs/vi.json';
import { I18nProvider } from '@/i18n/I18nProvider';
import { UpcomingMatches } from './UpcomingMatches';

vi.mock('@/api/endpoints/game', () => ({ fetchGameMatches: vi.fn() }));
const fetchGameMatches = vi.mocked(game.fetchGameMatches);

const CATALOGS: Record<'EN' | 'VI', Catalog> = { EN: en, VI: viCatalog };

// 28 November 2026, 20:30 in the test machine's own time zone: the card shows local time.
const KICK_OFF = new Date(2026, 10, 28, 20, 30).toISOString();

function match(extra: Partial<GameMatch> = {}): GameMatch {
  return {
    matchId: 'm1',
    league: 'Premier League',
    home: 'Arsenal',
    away: 'Chelsea',
    startTime: KICK_OFF,
    odds: { home: 1.85, draw: 3.4, away: 4.1 },
    gameId: 'sb1',
    ...extra,
  };
}

async function renderMatches(language: 'EN' | 'VI' = 'EN') {
  const view = render(
    <I18nProvider language={language} catalog={CATALOGS[language]}>
      <UpcomingMatches />
    </I18nProvider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return view;
}

/** The odds of a card as `label value` pairs. */
function oddsOf(card: HTMLElement): string[] {
  return within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent ?? ''} ${term.nextElementSibling?.textContent ?? ''}`);
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('UpcomingMatches', () => {
  it('shows each match: league, home vs away, start time and odds', async () => {
    fetchGameMatches.mockResolvedValue([
      match(),
      match({ matchId: 'm2', league: 'La Liga', home: 'Sevilla', away: 'Betis' }),
    ]);
    await renderMatches();
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming matches' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Upcoming matches' });
    expect(list).toHaveAttribute('aria-busy', 'false');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    if (first === undefined || second === undefined) throw new Error('two cards expected');
    expect(within(first).getByText('Premier League')).toBeInTheDocument();
    expect(within(first).getByText('Arsenal vs Chelsea')).toBeInTheDocument();
    expect(within(first).getByRole('time')).toHaveAttribute('datetime', KICK_OFF);
    expect(oddsOf(first)).toEqual(['Home 1.85', 'Draw 3.40', 'Away 4.10']);
    expect(within(second).getByText('Sevilla vs Betis')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('leaves out the draw when a match has no draw odds', async () => {
    fetchGameMatches.mockResolvedValue([match({ odds: { home: 1.5, draw: null, away: 2.6 } })]);
    await renderMatches();
    expect(oddsOf(screen.getByRole('listitem'))).toEqual(['Home 1.50', 'Away 2.60']);
  });

  it('leaves out a start time that is not a date', async () => {
    fetchGameMatches.mockResolvedValue([match({ startTime: 'soon' })]);
    await renderMatches();
    expect(within(screen.getByRole('listitem')).queryByRole('time')).not.toBeInTheDocument();
    expect(screen.getByText('Arsenal vs Chelsea')).toBeInTheDocument();
  });

  it('shows skeleton cards while loading', async () => {
    fetchGameMatches.mockReturnValue(new Promise(() => undefined));
    const { container } = await renderMatches();
    const list = screen.getByRole('list', { name: 'Upcoming matches' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    expect(container.querySelectorAll('.game-match-skeleton')).toHaveLength(2);
  });

  it('is hidden when there are no matches', async () => {
    fetchGameMatches.mockResolvedValue([]);
    const { container } = await renderMatches();
    expect(container).toBeEmptyDOMElement();
  });

  it('is hidden when the call fails', async () => {
    fetchGameMatches.mockRejectedValue(new Error('down'));
    const { container } = await renderMatches();
    expect(fetchGameMatches).toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it("formats the local start time and the odds in the app's language", async () => {
    fetchGameMatches.mockResolvedValue([match()]);
    const { unmount } = await renderMatches('EN');
    expect(screen.getByRole('time')).toHaveTextContent(/^Nov 28, 8:30\sPM$/);
    expect(oddsOf(screen.getByRole('listitem'))).toEqual(['Home 1.85', 'Draw 3.40', 'Away 4.10']);
    unmount();

    await renderMatches('VI');
    const list = screen.getByRole('list', { name: 'Trận đấu sắp diễn ra' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('Arsenal gặp Chelsea')).toBeInTheDocument();
    expect(within(card).getByRole('time')).toHaveTextContent(/^20:30 28 thg 11$/);
    expect(oddsOf(card)).toEqual(['Chủ nhà 1,85', 'Hòa 3,40', 'Đội khách 4,10']);
  });
});
