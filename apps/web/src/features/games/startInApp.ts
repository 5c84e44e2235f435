import { isHomescreenLaunch } from '@/platform/arrival';
import { currentEnvironment } from '@/platform/environment';
import { currentSettings } from '@/state/settings';

/** The facts of where the app runs that the start-in-app rule reads (platform/environment). */
export interface StartPlace {
  isNativeApp: boolean;
  isInstalledPwa: boolean;
  isIosWebClip: boolean;
  /** Launched from a home-screen icon (the `homescreen` arrival flag). */
  homescreenLaunch: boolean;
}

/**
 * Spec section 4: with STARTGAMEINAPP3 on, a game starts only inside the native app or the
 * home-screen app (installed PWA, iOS web clip, a home-screen launch); otherwise the start-in-app
 * dialog of features/pwa (label_start_game_error, with Install or the add-to-home-screen steps).
 */
export function mayStartGame(startGameInApp: boolean, place: StartPlace): boolean {
  if (!startGameInApp) return true;
  return place.isNativeApp || place.isInstalledPwa || place.isIosWebClip || place.homescreenLaunch;
}

/**
 * The rule for this page now, with the merchant's flag (off while the settings are unknown): both
 * ways into a game (/m/launchGame and a visitor's trial launch) ask it.
 */
export function mayStartGameHere(
  startGameInApp = currentSettings()?.whitelabelVal.STARTGAMEINAPP3 ?? false,
): boolean {
  return mayStartGame(startGameInApp, { ...currentEnvironment(), homescreenLaunch: isHomescreenLaunch() });
}
