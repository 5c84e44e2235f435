import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { useState } from 'react';
import { useMemberInfo } from '@/features/member';
import { currentEnvironment } from '@/platform/environment';
import { StorageKey, readFlag, sessionStore, writeFlag } from '@/platform/storage';
import { useSession } from '@/state/session';
import { useSettings } from '@/state/settings';
import { showToast } from '@/ui/notices';
import { a2hsGuideAllowed, downloadBarVisible, downloadLinkFor } from '@/features/pwa/downloadRules';
import { clearDeferredInstallPrompt, deferredInstallPrompt } from '@/features/pwa/installCapture';
import { readInstallState, recordDeclined, runInstallPrompt } from '@/features/pwa/installPrompt';
import { trackEvent } from '@/features/tracking';
import { A2hsGuide } from './A2hsGuide';
import { DownloadBar } from './DownloadBar';
import { DownloadPopup } from './DownloadPopup';
import './pwa.css';

type Overlay = 'none' | 'popup' | 'guide';

/** Decided once, when the chunk mounts after the first paint: the install prompt's own timing. */
function guideOnArrival(): boolean {
  return a2hsGuideAllowed({
    pathname: window.location.pathname,
    env: currentEnvironment(),
    ...readInstallState(),
    supportsInstallEvent: 'onbeforeinstallprompt' in window,
  });
}

/**
 * What the PWA feature shows on the page (its own chunk and React root, mounted after first paint by `mountExtras.tsx`):
 * the download bar (spec section 4), the download popup it opens (the "app window") and the
 * illustrated add-to-home-screen guide for iOS and browsers without `beforeinstallprompt`.
 */
export default function PwaExtras() {
  const settings = useSettings();
  const session = useSession();
  const member = useMemberInfo();
  const env = currentEnvironment();
  const [hiddenForSession, setHidden] = useState(() =>
    readFlag(sessionStore, LazyStorageKey.hideDownloadBar),
  );
  const [overlay, setOverlay] = useState<Overlay>(() => (guideOnArrival() ? 'guide' : 'none'));

  const resources = settings?.resources ?? [];
  const link = downloadLinkFor(resources, env);
  const visible =
    settings !== null &&
    downloadBarVisible({
      env,
      hiddenForSession,
      homeScreenLaunch: readFlag(sessionStore, StorageKey.homescreen),
      hasIosLink: downloadLinkFor(resources, { isIos: true, isAndroid: false }) !== null,
      referralEnabled: settings.promotions.REFERRAL.enabled,
      settings: settings.downloadBar,
      loggedIn: Boolean(session?.token),
      rankLevel: member?.clubLabel?.rankLevel ?? null,
    });

  /** Agree in the popup: the browser's prompt when it offered one, else the app's link, else the guide. */
  const install = (agreed: boolean) => {
    setOverlay('none');
    if (!agreed) return;
    const event = deferredInstallPrompt();
    if (event) {
      clearDeferredInstallPrompt();
      void runInstallPrompt(event, () => showToast('a2hs-installing', { key: 'a2hs_installing' }));
    } else if (link) {
      trackEvent('downloadApp');
      window.location.assign(link);
    } else {
      setOverlay('guide');
    }
  };

  const banner = visible ? settings.downloadBar?.bannerImage : null;
  return (
    <>
      {banner && (
        <DownloadBar
          bannerImage={banner}
          onDownload={() => {
            if (!link) return setOverlay('popup');
            trackEvent('downloadApp');
            window.location.assign(link);
          }}
          onClose={() => {
            // Closed for the session; the app window (the download popup) shows instead.
            writeFlag(sessionStore, LazyStorageKey.hideDownloadBar, true);
            setHidden(true);
            setOverlay('popup');
          }}
        />
      )}
      {overlay === 'popup' && <DownloadPopup onDone={install} />}
      {overlay === 'guide' && (
        <A2hsGuide
          ios={env.isIos}
          onClose={() => {
            // As a declined install prompt: not offered again this session.
            recordDeclined();
            setOverlay('none');
          }}
        />
      )}
    </>
  );
}
