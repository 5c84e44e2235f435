import { ErrorCode } from '@wps/contract/errorCodes';
import { GAME_LAUNCH_WARNING_MS } from '@wps/contract/constants';
import type { GameLaunchValue } from '@wps/contract/games';
import type { LaunchGameQuery } from '@wps/contract/schemas/games';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '@/platform/router';
import { handleError } from '@/features/apiErrors';
import { launchGame } from '@/api/endpoints/game';
import { ABORTED_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { currentMemberInfo } from '@/features/member';
import { useAppNavigate } from '@/features/navigation';
import { isHttpUrl, mayStartGameHere } from '@/features/games';
import { playGuardNeeded } from '@/features/responsibleGaming';
import { showStartInAppDialog } from '@/features/pwa';
import { trackEvent } from '@/features/tracking';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { readQueryToken } from '@/lib/navigation';
import { getToken } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { Loading } from '@/ui/Loading';
import { launchBackUrl, launchQueryFrom } from './launchQuery';
import './launchGame.css';

/** Leaves the app for the game without keeping the launch page in history; tests replace it. */
export const gameRedirect = {
  replace: (url: string) => window.location.replace(url),
};

/** The reality check over a game in the app's frame: its own chunk, fetched only then. */
const PlayGuard = lazy(() => import('@/features/responsibleGaming/PlayGuard'));

type Phase =
  | { kind: 'launching' }
  | { kind: 'redirecting' }
  /** In a frame of the app, so the reality check can show over it (issue 29). */
  | { kind: 'playing'; url: string }
  | { kind: 'blocked' }
  | { kind: 'error'; message: MessageKey };

/** The inline message of a launch failure; null hands the error to the client's catalogue. */
function inlineMessage(error: unknown): MessageKey | null {
  if (!(error instanceof WpsError)) return 'game_launch_failed';
  if (error.errorCode === ErrorCode.GAME_NOT_FOUND) return 'game_not_found';
  if (error.errorCode === ErrorCode.GAME_MAINTENANCE) return 'game_maintenance';
  if (error.errorCode === TIMEOUT_ERROR || error.errorCode === ABORTED_ERROR) return 'game_launch_timeout';
  return null;
}

/**
 * /m/launchGame (spec sections 2, 4, 7): builds the launch query from the URL, asks for the game's
 * address with the token passed explicitly, and leaves for it (http(s) only). Loading shows "Please
 * wait..."; without a redirect after 10 s a warning offers Retry and Back; game_not_found,
 * game_maintenance and time-outs are shown inline, any other failure goes to the client's error
 * catalogue (session loss → please login). With STARTGAMEINAPP3 on, games start only in the native
 * app or the home-screen app; elsewhere the start-in-app dialog (label_start_game_error with Install or
 * the add-to-home-screen steps) is shown and the user goes back.
 */
export function LaunchGameScreen() {
  const { t, language } = useT();
  const location = useLocation();
  const navigate = useAppNavigate();
  const settingsState = settingsStore.use();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; phase: Phase } | null>(null);
  const [slowAttempt, setSlowAttempt] = useState<number | null>(null);
  const launches = useRef(new Map<number, Promise<GameLaunchValue>>());
  const blockedAlerted = useRef(false);

  const backUrl = launchBackUrl(new URLSearchParams(location.search).get('backUrl'));
  const settings = settingsState.status === 'ready' ? settingsState.settings : null;
  const startGameInApp = settings?.whitelabelVal.STARTGAMEINAPP3 ?? false;
  const title = settings?.merchantName || document.title;

  // Decided once per page: the URL, language, title and label as they are when the settings are known.
  const settingsKnown = settings !== null;
  const query = useMemo<LaunchGameQuery | null>(
    () =>
      launchQueryFrom(location.search, {
        language,
        title,
        labelName: currentMemberInfo()?.clubLabel?.labelName ?? null,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a launch keeps the values it started with
    [location.search, settingsKnown],
  );

  const allowed = settings === null ? null : mayStartGameHere(startGameInApp);
  const token = getToken() ?? readQueryToken(location.search);

  useEffect(() => {
    if (allowed !== false || blockedAlerted.current) return;
    blockedAlerted.current = true;
    // Not only the alert: the dialog offers the way in (install, or the home-screen steps).
    void showStartInAppDialog().then(() => navigate(backUrl));
  }, [allowed, backUrl, navigate]);

  useEffect(() => {
    if (allowed !== true || query === null) return;
    let active = true;
    let launch = launches.current.get(attempt);
    if (launch === undefined) {
      launch = launchGame(query, token);
      launches.current.set(attempt, launch);
    }
    const timer = setTimeout(() => {
      if (active) setSlowAttempt(attempt);
    }, GAME_LAUNCH_WARNING_MS);
    launch.then(
      (value) => {
        if (!active) return;
        if (isHttpUrl(value.gameUrl)) {
          setResult({ attempt, phase: { kind: 'redirecting' } });
          trackEvent('gameLaunch', { content: query.lottoGameCode ?? '' });
          void (token === null ? Promise.resolve(false) : playGuardNeeded()).then((framed) => {
            if (!active) return;
            if (framed) setResult({ attempt, phase: { kind: 'playing', url: value.gameUrl } });
            else gameRedirect.replace(value.gameUrl);
          });
        } else {
          clearTimeout(timer);
          setResult({ attempt, phase: { kind: 'error', message: 'game_launch_failed' } });
        }
      },
      (error: unknown) => {
        if (!active) return;
        clearTimeout(timer);
        const message = inlineMessage(error);
        if (message === null && error instanceof WpsError) handleError(error);
        setResult({ attempt, phase: { kind: 'error', message: message ?? 'game_launch_failed' } });
      },
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [allowed, query, token, attempt]);

  let phase: Phase;
  if (settingsState.status === 'failed') phase = { kind: 'error', message: 'unknown_error' };
  else if (allowed === false) phase = { kind: 'blocked' };
  else if (query === null) phase = { kind: 'error', message: 'game_not_found' };
  else phase = result !== null && result.attempt === attempt ? result.phase : { kind: 'launching' };

  const retry = () => {
    setSlowAttempt(null);
    setAttempt((value) => value + 1);
  };
  const back = () => navigate(backUrl);
  const slow = slowAttempt === attempt && (phase.kind === 'launching' || phase.kind === 'redirecting');

  if (phase.kind === 'playing') {
    return (
      <section className="launch-game-frame" aria-labelledby="screen-title">
        <h1 id="screen-title" className="visually-hidden">
          {t('page_launch_game')}
        </h1>
        <iframe
          src={phase.url}
          title={title}
          className="launch-game-iframe"
          allow="fullscreen; autoplay; clipboard-write"
          data-testid="game-frame"
        />
        <Suspense fallback={null}>
          <PlayGuard onStop={back} />
        </Suspense>
      </section>
    );
  }

  return (
    <section className="launch-game" aria-labelledby="screen-title" aria-busy={phase.kind === 'launching'}>
      <h1 id="screen-title" className="visually-hidden">
        {t('page_launch_game')}
      </h1>
      {(phase.kind === 'launching' || phase.kind === 'redirecting' || phase.kind === 'blocked') && !slow && (
        <Loading />
      )}
      {slow && (
        <div className="launch-game-state" role="alert">
          <p>{t('game_launch_slow')}</p>
          <div className="launch-game-actions">
            <button type="button" className="button button-primary" onClick={retry}>
              {t('retry')}
            </button>
            <button type="button" className="button button-ghost" onClick={back}>
              {t('game_back')}
            </button>
          </div>
        </div>
      )}
      {phase.kind === 'error' && (
        <div className="launch-game-state" role="alert">
          <p>{t(phase.message)}</p>
          <div className="launch-game-actions">
            {settingsState.status !== 'failed' && query !== null && (
              <button type="button" className="button button-primary" onClick={retry}>
                {t('retry')}
              </button>
            )}
            <button type="button" className="button button-ghost" onClick={back}>
              {t('game_back')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
