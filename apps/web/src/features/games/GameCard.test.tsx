import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@wps/contract/errorCodes';
import * as game from '@/api/endpoints/game';
import { WpsError } from '@/api/errors';
import { clearSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { settingsStore } from '@/state/settings';
import { languageStore } from '@/state/language';
import type { Catalog } from '@/i18n';
import en from '@/i18n/catalogs/en.json';
import { dialogQueue } from '@/ui/notices';
import { getQueryData } from '@/queries/queryData';
import { favouritesQuery } from './favourites';
import { GameCard } from './GameCard';
import { testGame } from '@/test/testGames';
import { leaveFor } from './useOpenGame';
import { deferred } from '@/test/deferred';
import { signIn } from '@/test/sessionFixture';

vi.mock('@/api/endpoints/game', () => ({
  fetchFavouriteGames: vi.fn(),
  toggleFavourite: vi.fn(),
  trialLaunch: vi.fn(),
}));
const fetchFavouriteGames = vi.mocked(game.fetchFavouriteGames);
const toggleFavourite = vi.mocked(game.toggleFavourite);
const trialLaunch = vi.mocked(game.trialLaunch);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}${location.search}`}</p>;
}

function renderCard(card = testGame()) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/live']}>
      <Routes>
        <Route path="live" element={<GameCard game={card} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.setItem(LazyStorageKey.imageFormat, 'webp');
  clearSession();
  dialogQueue.set([]);
  fetchFavouriteGames.mockResolvedValue([]);
});

afterEach(() => {
  vi.clearAllMocks();
  clearSession();
});

describe('GameCard', () => {
  it('shows the art, the name, the vendor and a Free play badge for free-play games', () => {
    renderCard(testGame({ displayName: 'Lucky 7', accountTypeName: 'Demo Vendor', freeplay: true }));
    const link = screen.getByRole('link', { name: /Lucky 7/ });
    expect(link).toHaveTextContent('Demo Vendor');
    expect(link).toHaveTextContent('Free play');
    const art = link.querySelector('img');
    expect(art).toHaveAttribute('src', '/wps/game/image/g1.png');
    expect([...link.querySelectorAll('source')].map((source) => source.getAttribute('srcset'))).toEqual([
      '/wps/game/image/g1.avif',
      '/wps/game/image/g1.webp',
    ]);
    expect(art).toHaveAttribute('loading', 'lazy');
    expect(art).toHaveAttribute('width');
    expect(art).toHaveAttribute('height');
    // Visitors get no favourite star.
    expect(screen.queryByRole('button', { name: /Favourite/ })).not.toBeInTheDocument();
  });

  it('has no badge for a game without free play, and links to its launch page', () => {
    renderCard(testGame({ displayName: 'Paid' }));
    const link = screen.getByRole('link', { name: /Paid/ });
    expect(link).not.toHaveTextContent('Free play');
    expect(link.getAttribute('href')).toContain('/launchGame?vendor=DEMO&code=code-g1&backUrl=%2Fm%2Flive');
  });

  it('marks a favourite at once and keeps it when the server agrees', async () => {
    signIn();
    const answer = deferred<{ gameId: string; favourite: boolean }>();
    toggleFavourite.mockReturnValue(answer.promise);
    renderCard();
    const star = await screen.findByRole('button', { name: 'Favourite: Game g1' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(toggleFavourite).toHaveBeenCalledWith({ gameId: 'g1', favourite: true });
    await act(async () => answer.resolve({ gameId: 'g1', favourite: true }));
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls the favourite back when the server refuses', async () => {
    signIn();
    fetchFavouriteGames.mockResolvedValue([testGame()]);
    const answer = deferred<{ gameId: string; favourite: boolean }>();
    toggleFavourite.mockReturnValue(answer.promise);
    renderCard();
    const star = screen.getByRole('button', { name: 'Favourite: Game g1' });
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await act(async () => answer.reject(new Error('refused')));
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('clears the favourites when the session ends', async () => {
    signIn();
    fetchFavouriteGames.mockResolvedValue([testGame()]);
    renderCard();
    await waitFor(() => expect(getQueryData(favouritesQuery)?.has('g1')).toBe(true));
    act(() => clearSession());
    expect(getQueryData(favouritesQuery)).toBeUndefined();
    expect(screen.queryByRole('button', { name: /Favourite/ })).not.toBeInTheDocument();
  });

  it('takes a member to the launch page', async () => {
    signIn();
    renderCard(testGame({ gameCode: 'slot1' }));
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/m/launchGame?vendor=DEMO&code=slot1&backUrl=%2Fm%2Flive',
    );
  });

  it('takes a visitor on a game without free play to the launch page (the guard asks for a login)', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/m/launchGame?');
  });

  it('lets a visitor try a free-play game: trial launch, then off to its http(s) address', async () => {
    const assign = vi.spyOn(leaveFor, 'assign').mockImplementation(() => undefined);
    trialLaunch.mockResolvedValue({ gameUrl: 'https://games.example/play?t=1' });
    renderCard(testGame({ freeplay: true, displayName: 'Lucky 7' }));
    await userEvent.click(screen.getByRole('link', { name: /Lucky 7/ }));
    // The choice is its own chunk, fetched on the first tap.
    const dialog = await screen.findByRole('dialog', { name: 'Lucky 7' });
    expect(dialog).toHaveTextContent('Try this game for free');
    await userEvent.click(screen.getByRole('button', { name: 'Try for free' }));
    expect(trialLaunch).toHaveBeenCalledWith({ gameId: 'g1', nodeId: 'node-g1', backUrl: '/m/live' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://games.example/play?t=1'));
    assign.mockRestore();
  });

  it('refuses a trial address that is not http(s)', async () => {
    const assign = vi.spyOn(leaveFor, 'assign').mockImplementation(() => undefined);
    trialLaunch.mockResolvedValue({ gameUrl: 'javascript:alert(1)' });
    renderCard(testGame({ freeplay: true }));
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try for free' }));
    await waitFor(() => expect(dialogQueue.get()[0]?.message).toEqual({ key: 'game_launch_failed' }));
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  it('with STARTGAMEINAPP3 in a browser: the start-in-app dialog, with the way in, instead of a trial launch', async () => {
    applyTestSettings(['STARTGAMEINAPP3']);
    languageStore.set({ language: 'EN', catalog: en as Catalog });
    renderCard(testGame({ freeplay: true }));
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Try for free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play in the app' });
    // Not the bare alert with only Confirm: the home-screen steps (no prompt captured here) and Cancel.
    expect(dialogQueue.get()).toHaveLength(0);
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(1);
    expect(trialLaunch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Game g1' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Play in the app' })).toBeNull());
    settingsStore.set({ status: 'loading' });
  });

  it('lets a visitor choose to log in instead', async () => {
    renderCard(testGame({ freeplay: true }));
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Log in to play' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/m/launchGame?');
    expect(trialLaunch).not.toHaveBeenCalled();
  });
});

describe('the free-play choice', () => {
  it('focuses Try for free, keeps focus inside, and closes with Escape', async () => {
    renderCard(testGame({ freeplay: true }));
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    const tryButton = screen.getByRole('button', { name: 'Try for free' });
    expect(tryButton).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trialLaunch).not.toHaveBeenCalled();
  });

  it('hands a refused trial to the client catalogue unless free play is unavailable', async () => {
    trialLaunch.mockRejectedValue(new WpsError(400, ErrorCode.GAME_TRIAL_UNAVAILABLE, 'no trial'));
    renderCard(testGame({ freeplay: true }));
    await userEvent.click(screen.getByRole('link', { name: /Game g1/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Try for free' }));
    await waitFor(() => expect(dialogQueue.get()[0]?.message).toEqual({ key: 'game_trial_unavailable' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
