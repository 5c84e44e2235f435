import { ErrorCode } from '@wps/contract/errorCodes';
import type { GameCard } from '@wps/contract/games';
import { useCallback, useState } from 'react';
import { useLocation } from '@/platform/router';
import { handleError } from '@/features/apiErrors';
import { trialLaunch } from '@/api/endpoints/game';
import { WpsError } from '@/api/errors';
import { useAppNavigate } from '@/features/navigation';
import { getToken } from '@/state/session';
import { showAlert } from '@/ui/notices';
import { isHttpUrl } from './gameUrl';
import { launchPathFor, type LaunchableGame } from './launchPath';
import { mayStartGameHere } from './startInApp';
import { showStartInAppDialog } from '@/features/pwa';
import { trackEvent } from '@/features/tracking';

/** A game a screen can open: a card, or a banner's launch target (no trial launch without ids). */
export type OpenableGame = LaunchableGame &
  Partial<Pick<GameCard, 'gameId' | 'nodeId' | 'freeplay' | 'displayName'>>;

export interface GameOpener {
  /** Opens a game: a member (or a visitor on a game without free play) goes to /m/launchGame. */
  openGame: (game: OpenableGame) => void;
  /** The free-play game a visitor is choosing for (Try for free / Log in), else null. */
  choice: OpenableGame | null;
  /** Starting the trial launch. */
  trialBusy: boolean;
  tryForFree: () => void;
  /** Goes to the launch page, which sends a visitor to /m/login keeping it as the target. */
  logIn: () => void;
  closeChoice: () => void;
}

function canTry(game: OpenableGame): game is OpenableGame & { gameId: string; nodeId: string } {
  return game.freeplay === true && Boolean(game.gameId) && Boolean(game.nodeId);
}

/** The current app path with its query: where a launched game's back button returns. */
export function useHerePath(): string {
  const location = useLocation();
  const path = location.pathname === '/' ? '/home' : location.pathname;
  return `/m${path}${location.search}`;
}

/** Leaves the app for the game; a test replaces it. */
export const leaveFor = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Opening a game (spec sections 2 and 6): members go to `launchPathFor(game, here)`; visitors too
 * (the route guard sends them to /m/login with the launch as `go`), except that on a free-play game
 * they first choose between a trial launch (GCS_gameTrialLaunch, then leaving for its http(s)
 * gameUrl) and logging in.
 */
export function useOpenGame(): GameOpener {
  const navigate = useAppNavigate();
  const [choice, setChoice] = useState<OpenableGame | null>(null);
  const [trialBusy, setTrialBusy] = useState(false);
  const here = useHerePath();

  const goLaunch = useCallback(
    (game: OpenableGame) => navigate(launchPathFor(game, here), false),
    [navigate, here],
  );

  const openGame = useCallback(
    (game: OpenableGame) => {
      if (getToken() === null && canTry(game)) setChoice(game);
      else goLaunch(game);
    },
    [goLaunch],
  );

  const tryForFree = useCallback(() => {
    if (choice === null || !canTry(choice) || trialBusy) return;
    // A trial launch starts a game too: STARTGAMEINAPP3 holds for it as for /m/launchGame.
    if (!mayStartGameHere()) {
      setChoice(null);
      void showStartInAppDialog();
      return;
    }
    setTrialBusy(true);
    trialLaunch({ gameId: choice.gameId, nodeId: choice.nodeId, backUrl: here }).then(
      (value) => {
        if (isHttpUrl(value.gameUrl)) {
          trackEvent('startTrial', { content: choice.gameId });
          leaveFor.assign(value.gameUrl);
          return;
        }
        setTrialBusy(false);
        void showAlert({ key: 'game_launch_failed' });
      },
      (error: unknown) => {
        setTrialBusy(false);
        setChoice(null);
        if (error instanceof WpsError && error.errorCode === ErrorCode.GAME_TRIAL_UNAVAILABLE)
          void showAlert({ key: 'game_trial_unavailable' });
        else if (error instanceof WpsError) handleError(error);
        else void showAlert({ key: 'unknown_error' });
      },
    );
  }, [choice, trialBusy, here]);

  const logIn = useCallback(() => {
    if (choice === null) return;
    setChoice(null);
    goLaunch(choice);
  }, [choice, goLaunch]);

  const closeChoice = useCallback(() => {
    if (!trialBusy) setChoice(null);
  }, [trialBusy]);

  return { openGame, choice, trialBusy, tryForFree, logIn, closeChoice };
}
