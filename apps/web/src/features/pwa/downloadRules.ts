import type { DownloadBarSettings, DownloadResource } from '@wps/contract/system';
import type { Environment } from '@/platform/environment';
import type { InstallFacts } from './installPrompt';
import { installPromptAllowed } from './installPrompt';

/**
 * Spec section 4, "Download bar", "Home-screen popup" and the add-to-home-screen guide: pure rules,
 * decided from facts the caller reads (`DownloadBar.tsx`, `PwaExtras.tsx`).
 */

/** iOS gained home-screen web apps (service workers, standalone launch) in 11.3. */
export const IOS_PWA_FROM = { major: 11, minor: 3 } as const;

export function iosSupportsPwa(version: Environment['iosVersion']): boolean {
  if (version === null) return true; // not iOS, or a version we cannot read: not held against it
  return (
    version.major > IOS_PWA_FROM.major ||
    (version.major === IOS_PWA_FROM.major && version.minor >= IOS_PWA_FROM.minor)
  );
}

/** The download link for this platform: iOS the app (IOS) or the profile (MOBILECONFIG), Android its package. */
export function downloadLinkFor(
  resources: readonly DownloadResource[],
  env: Pick<Environment, 'isIos' | 'isAndroid'>,
): string | null {
  const url = (type: DownloadResource['resourceType']) =>
    resources.find((resource) => resource.resourceType === type && resource.url !== '')?.url ?? null;
  if (env.isIos) return url('IOS') ?? url('MOBILECONFIG');
  if (env.isAndroid) return url('Android');
  return null;
}

export interface DownloadBarFacts {
  env: Pick<Environment, 'isNativeApp' | 'isInstalledPwa' | 'isIosWebClip' | 'isIos' | 'iosVersion'>;
  /** The session flag hideDownloadBar is 1 (set by the bar's close, or by the arrival). */
  hiddenForSession: boolean;
  /** Launched from the home screen (the `homescreen` arrival flag or an iOS web clip). */
  homeScreenLaunch: boolean;
  /** The merchant has an iOS download link (IOS or MOBILECONFIG). */
  hasIosLink: boolean;
  referralEnabled: boolean;
  settings: DownloadBarSettings | undefined;
  loggedIn: boolean;
  /** The member's VIP rank level; null while logged out or unknown. */
  rankLevel: number | null;
}

/** Forced hidden, whatever the merchant's settings say. */
export function downloadBarForcedHidden(
  facts: Omit<DownloadBarFacts, 'settings' | 'loggedIn' | 'rankLevel' | 'referralEnabled'>,
): boolean {
  const { env } = facts;
  if (env.isNativeApp || env.isInstalledPwa) return true;
  if ((facts.homeScreenLaunch || env.isIosWebClip) && !facts.hasIosLink) return true;
  return env.isIos && !iosSupportsPwa(env.iosVersion);
}

export function downloadBarVisible(facts: DownloadBarFacts): boolean {
  if (facts.hiddenForSession || downloadBarForcedHidden(facts)) return false;
  const { settings } = facts;
  if (!facts.referralEnabled || !settings?.bannerImage) return false;
  if (settings.loginRequired && !facts.loggedIn) return false;
  if (settings.hasVip && (facts.rankLevel === null || facts.rankLevel < settings.vipRankLevel)) return false;
  return true;
}

export interface GuideFacts extends InstallFacts {
  env: InstallFacts['env'] & Pick<Environment, 'isIos'>;
  /** `'onbeforeinstallprompt' in window`: the browser can offer its own install prompt. */
  supportsInstallEvent: boolean;
}

/**
 * The illustrated add-to-home-screen guide: on the install prompt's paths and conditions, for iOS
 * (whose browsers never fire beforeinstallprompt) and browsers without the event.
 */
export function a2hsGuideAllowed(facts: GuideFacts): boolean {
  return installPromptAllowed(facts) && (facts.env.isIos || !facts.supportsInstallEvent);
}

/** The home-screen popup's phases: hidden, shown after 1 s, closing for 250 ms, then gone. */
export type PopupPhase = 'hidden' | 'shown' | 'closing' | 'closed';

export type PopupEvent = 'delayElapsed' | 'close' | 'animationDone';

export function nextPopupPhase(phase: PopupPhase, event: PopupEvent): PopupPhase {
  if (event === 'delayElapsed') return phase === 'hidden' ? 'shown' : phase;
  if (event === 'close') return phase === 'shown' ? 'closing' : phase === 'hidden' ? 'closed' : phase;
  return phase === 'closing' ? 'closed' : phase;
}

/** The global event that closes the home-screen popup from anywhere (`window.dispatchEvent`). */
export const CLOSE_A2HS_EVENT = 'closeA2HS';
