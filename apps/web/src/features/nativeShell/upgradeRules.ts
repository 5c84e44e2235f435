import { NATIVE_APP_DIRECT_DOWNLOAD_VERSION } from '@wps/contract/constants';
import type { DownloadResource } from '@wps/contract/system';

/** Compares dotted versions numerically: -1, 0 or 1 (missing parts count as 0). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** From 2.4.39 the shell downloads and installs the package itself (spec section 9). */
export function directDownloadSupported(version: string | null): boolean {
  return version !== null && compareVersions(version, NATIVE_APP_DIRECT_DOWNLOAD_VERSION) >= 0;
}

/** The shell's platform's download link: IOS on iOS, Android on Android. */
export function upgradeLinkFor(
  resources: readonly DownloadResource[],
  platform: 'ios' | 'android',
): string | null {
  const type = platform === 'ios' ? 'IOS' : 'Android';
  return resources.find((resource) => resource.resourceType === type && resource.url !== '')?.url ?? null;
}

export interface UpgradeFacts {
  isNativeApp: boolean;
  upgradeAvailable: boolean;
  link: string | null;
}

/** Spec section 4, "App upgrade modal": only in the native app, an upgrade possible, a link for the platform. */
export function upgradeModalShown(facts: UpgradeFacts): boolean {
  return facts.isNativeApp && facts.upgradeAvailable && facts.link !== null;
}

/** What Update Now does: the shell's own download (direct) from 2.4.39, else the link in the browser. */
export function upgradeAction(
  version: string | null,
  link: string,
): { type: 'upgrade'; url: string; direct: true } | { type: 'openExternal'; url: string } {
  return directDownloadSupported(version)
    ? { type: 'upgrade', url: link, direct: true }
    : { type: 'openExternal', url: link };
}
