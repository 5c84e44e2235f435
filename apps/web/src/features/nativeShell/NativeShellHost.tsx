import { useEffect, useState } from 'react';
import { currentEnvironment } from '@/platform/environment';
import { useSettings } from '@/state/settings';
import { type ShellToWeb, listenToShell, openExternal, postToShell, rememberPushToken } from './bridge';
import { UpgradeModal } from './UpgradeModal';
import { upgradeAction, upgradeLinkFor, upgradeModalShown } from './upgradeRules';

type AppInfo = Extract<ShellToWeb, { type: 'appInfo' }>;

/**
 * The web side of the native shell (docs/native-shell.md), mounted only inside the shell after the
 * first paint: listens to the shell, keeps its push token, and shows the app upgrade modal.
 */
export default function NativeShellHost() {
  const settings = useSettings();
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(
    () =>
      listenToShell((message) => {
        if (message.type === 'appInfo') setAppInfo(message);
        else rememberPushToken(message.token);
      }),
    [],
  );
  useEffect(() => {
    // Asked once the shell can hear it: the token comes back as a pushToken message.
    postToShell({ type: 'requestPushToken' });
  }, []);

  const env = currentEnvironment();
  const link = appInfo && settings ? upgradeLinkFor(settings.resources, appInfo.platform) : null;
  const shown =
    !dismissed &&
    upgradeModalShown({
      isNativeApp: env.isNativeApp,
      upgradeAvailable: appInfo?.upgradeAvailable ?? false,
      link,
    });
  if (!shown || link === null) return null;

  const update = () => {
    const action = upgradeAction(appInfo?.version ?? env.nativeAppVersion, link);
    if (action.type === 'upgrade') postToShell(action);
    else openExternal(action.url);
  };
  return (
    <UpgradeModal
      mandatory={Boolean(settings?.whitelabelVal.MANDATORYAPPUPDATE3)}
      onUpdate={update}
      onClose={() => setDismissed(true)}
    />
  );
}
