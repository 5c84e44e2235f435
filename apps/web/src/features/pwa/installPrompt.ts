import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { AppPath } from '@wps/contract/routes';
import type { Environment } from '@/platform/environment';
import { localStore, readFlag, sessionStore, writeFlag } from '@/platform/storage';
import type { InstallPromptEvent } from './installCapture';
import { INSTALLED_COUNT } from './installed';

/** Spec section 2: the install prompt appears only on these paths. */
export const INSTALL_PROMPT_PATHS: readonly string[] = ['/', AppPath.home, AppPath.indexHtml];
/** Section 9, "Install-prompt polling: 20 times at 150 ms". */
export const INSTALL_PROMPT_POLL = { times: 20, intervalMs: 150 } as const;

export interface InstallFacts {
  pathname: string;
  env: Pick<Environment, 'isNativeApp' | 'isInstalledPwa' | 'isIosWebClip'>;
  installed: boolean;
  declinedThisSession: boolean;
  count: number;
}

/** Whether the install prompt may be offered now. */
export function installPromptAllowed(facts: InstallFacts): boolean {
  if (!INSTALL_PROMPT_PATHS.includes(facts.pathname)) return false;
  if (facts.env.isNativeApp || facts.env.isInstalledPwa || facts.env.isIosWebClip) return false;
  return !facts.installed && !facts.declinedThisSession && facts.count < INSTALLED_COUNT;
}

export function readInstallState(): Pick<InstallFacts, 'installed' | 'declinedThisSession' | 'count'> {
  const count = Number(localStore.getString(LazyStorageKey.installCount) ?? 0);
  return {
    installed: readFlag(localStore, LazyStorageKey.installed),
    declinedThisSession: readFlag(sessionStore, LazyStorageKey.installDeclined),
    count: Number.isFinite(count) ? count : 0,
  };
}

/** Declining sets the session flag and increments the counter. */
export function recordDeclined(): void {
  writeFlag(sessionStore, LazyStorageKey.installDeclined, true);
  const { count } = readInstallState();
  localStore.setString(LazyStorageKey.installCount, String(Math.min(count + 1, INSTALLED_COUNT - 1)));
}

/** The deferred prompt, polled up to 20 times at 150 ms (it may not have fired yet at start). */
export async function waitForInstallPrompt(
  get: () => InstallPromptEvent | null,
  wait: (ms: number) => Promise<void>,
): Promise<InstallPromptEvent | null> {
  for (let attempt = 0; attempt <= INSTALL_PROMPT_POLL.times; attempt += 1) {
    const event = get();
    if (event !== null) return event;
    if (attempt < INSTALL_PROMPT_POLL.times) await wait(INSTALL_PROMPT_POLL.intervalMs);
  }
  return null;
}

/**
 * Shows the browser's prompt; accepted → `onAccepted` (the a2hs_installing message), dismissed → the
 * decline is recorded. The installed flag comes with `appinstalled` (installCapture.ts).
 */
export async function runInstallPrompt(event: InstallPromptEvent, onAccepted: () => void): Promise<boolean> {
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') onAccepted();
  else recordDeclined();
  return outcome === 'accepted';
}
