import { ErrorCode } from '@wps/contract/errorCodes';
import { GAME_LAUNCH_WARNING_MS } from '@wps/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import * as errorActions from '@/features/apiErrors';
import * as game from '@/api/endpoints/game';
import { TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { memberInfoQuery } from '@/features/member';
import { setQueryData } from '@/queries/changes';
import * as environment from '@/platform/environment';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { languageStore } from '@/state/language';
import type { Catalog } from '@/i18n';
import en from '@/i18n/catalogs/en.json';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { dialogQueue } from '@/ui/notices';
import { LaunchGameScreen, gameRedirect } from './LaunchGameScreen';
import { signIn } from '@/test/sessionFixture';

vi.mock('@/api/endpoints/game', () => ({ launchGame: vi.fn() }));
vi.mock('@/api/endpoints/lobby', () => ({ fetchGameCategories: vi.fn() }));
// The member's play settings (issue 29): none here, so games open as their own page.
vi.mock('@/api/endpoints/trust', () => ({
  fetchPlaySession: vi.fn(() => Promise.reject(new Error('no play settings in these tests'))),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn() }));
vi.mock('@/platform/environment', () => ({ currentEnvironment: vi.fn() }));
const launchGame = vi.mocked(game.launchGame);
const handleError = vi.mocked(errorActions.handleError);
const currentEnvironment = vi.mocked(environment.currentEnvironment);

const BROWSER: environment.Environment = {
  isNativeApp: false,
  nativeAppVersion: null,
  isInstalledPwa: false,
  isIosWebClip: false,
  isIos: false,
  isIpad: false,
  iosVersion: null,
  isAndroid: true,
  isSafari: false,
  inAppBrowser: null,
  isMobile: true,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}${location.search}`}</p>;
}

function renderLaunch(search: string) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[`/m/launchGame${search}`]}>
      <Routes>
        <Route path="launchGame" element={<LaunchGameScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

let replace: MockInstance<(url: string) => void>;

beforeEach(() => {
  settingsStore.set({ status: 'ready', settings: testSettings() });
  currentEnvironment.mockReturnValue(BROWSER);
  dialogQueue.set([]);
  replace = vi.spyOn(gameRedirect, 'replace').mockImplementation(() => undefined);
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  replace.mockRestore();
  clearSession();
});

describe('LaunchGameScreen', () => {
  it('launches with the exact query and the session token, then replaces the page with the game', async () => {
    setQueryData(memberInfoQuery, () => ({
      id: '1',
      account: 'alice',
      type: 0,
      language: 'EN',
      clubLabel: { labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'L2' },
    }));
    launchGame.mockResolvedValue({ gameUrl: 'https://games.example/play?ticket=1' });
    renderLaunch('?prize_mode=Q&code=PK10&playType=NORMAL&backUrl=%2Fm%2Fgame');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait...');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://games.example/play?ticket=1'));
    expect(launchGame).toHaveBeenCalledTimes(1);
    expect(launchGame).toHaveBeenCalledWith(
      {
        launchMode: 'LOTT',
        lottoArea: 'NORMAL',
        lottoPrizeMode: 'Q',
        lottoGameCode: 'PK10',
        lottoView: 'betting',
        device: 'MOBILE',
        backUrl: '/m/game',
        hasLobby: false,
        language: 'EN',
        title: 'Aurora Play',
        labelName: 'Gold',
      },
      'tok',
    );
  });

  it('uses the query token when there is no stored session', async () => {
    clearSession();
    launchGame.mockResolvedValue({ gameUrl: 'https://games.example/' });
    renderLaunch('?vendor=DEMO&code=slot1&token=qtok');
    await waitFor(() =>
      expect(launchGame).toHaveBeenCalledWith(
        expect.objectContaining({ vendor: 'DEMO', gameCode: 'slot1' }),
        'qtok',
      ),
    );
  });

  it('warns after 10 s without a redirect, with Retry and Back', async () => {
    vi.useFakeTimers();
    launchGame.mockReturnValue(new Promise(() => undefined));
    renderLaunch('?vendor=DEMO&code=slot1&backUrl=/m/live');
    expect(launchGame).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(GAME_LAUNCH_WARNING_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('The game is taking longer than usual to open.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(launchGame).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(GAME_LAUNCH_WARNING_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/m/live');
  });

  it('also warns when the redirect was asked for but the page is still here after 10 s', async () => {
    vi.useFakeTimers();
    launchGame.mockResolvedValue({ gameUrl: 'https://games.example/' });
    renderLaunch('?vendor=DEMO&code=slot1');
    await act(async () => undefined);
    expect(replace).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(GAME_LAUNCH_WARNING_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('taking longer');
  });

  it.each(['javascript:alert(1)', '/m/home', 'data:text/html,hi', ''])(
    'refuses the game address %j',
    async (gameUrl) => {
      launchGame.mockResolvedValue({ gameUrl });
      renderLaunch('?vendor=DEMO&code=slot1');
      expect(await screen.findByRole('alert')).toHaveTextContent('The game could not be started.');
      expect(replace).not.toHaveBeenCalled();
    },
  );

  it.each([
    [ErrorCode.GAME_NOT_FOUND, 'This game is not available.'],
    [ErrorCode.GAME_MAINTENANCE, 'This game is under maintenance.'],
    [TIMEOUT_ERROR, 'The game did not respond in time.'],
  ])('shows %s inline with Retry and Back', async (code, text) => {
    launchGame.mockRejectedValueOnce(new WpsError(400, code, code));
    launchGame.mockResolvedValueOnce({ gameUrl: 'https://games.example/' });
    renderLaunch('?vendor=DEMO&code=slot1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(handleError).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://games.example/'));
  });

  it('hands other failures (session loss) to the client error catalogue', async () => {
    const error = new WpsError(401, 'customer.not.login', 'not logged in');
    launchGame.mockRejectedValue(error);
    renderLaunch('?vendor=DEMO&code=slot1');
    await waitFor(() => expect(handleError).toHaveBeenCalledWith(error));
  });

  it('names no game without a code', async () => {
    renderLaunch('?vendor=DEMO&backUrl=https://evil.example');
    expect(screen.getByRole('alert')).toHaveTextContent('This game is not available.');
    expect(launchGame).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/m/home');
  });

  it('with STARTGAMEINAPP3 in a browser: the start-in-app dialog, then back, without launching', async () => {
    settingsStore.set({ status: 'ready', settings: testSettings(['STARTGAMEINAPP3']) });
    languageStore.set({ language: 'EN', catalog: en as Catalog });
    renderLaunch('?vendor=DEMO&code=slot1&backUrl=/m/game');
    const dialog = await screen.findByRole('dialog', { name: 'Play in the app' });
    expect(dialog).toHaveAccessibleDescription(en.label_start_game_error);
    // The way in: the add-to-home-screen steps (no install prompt was captured), and Cancel.
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(1);
    expect(dialogQueue.get()).toHaveLength(0);
    expect(launchGame).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/m/game'));
  });

  it.each([
    ['the native app', { isNativeApp: true }],
    ['an installed PWA', { isInstalledPwa: true }],
    ['an iOS web clip', { isIosWebClip: true, isIos: true }],
  ])('with STARTGAMEINAPP3 in %s: launches', async (_name, place) => {
    settingsStore.set({ status: 'ready', settings: testSettings(['STARTGAMEINAPP3']) });
    currentEnvironment.mockReturnValue({ ...BROWSER, ...place });
    launchGame.mockResolvedValue({ gameUrl: 'https://games.example/' });
    renderLaunch('?vendor=DEMO&code=slot1');
    await waitFor(() => expect(replace).toHaveBeenCalled());
    expect(dialogQueue.get()).toHaveLength(0);
  });

  it('waits for the settings before deciding', async () => {
    settingsStore.set({ status: 'loading' });
    launchGame.mockResolvedValue({ gameUrl: 'https://games.example/' });
    renderLaunch('?vendor=DEMO&code=slot1');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait...');
    expect(launchGame).not.toHaveBeenCalled();
    act(() =>
      settingsStore.set({ status: 'ready', settings: { ...testSettings(), merchantName: 'Lotus Lotto' } }),
    );
    await waitFor(() => expect(replace).toHaveBeenCalled());
    expect(launchGame).toHaveBeenCalledWith(expect.objectContaining({ title: 'Lotus Lotto' }), 'tok');
  });
});
