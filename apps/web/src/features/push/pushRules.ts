import type { Environment } from '@/platform/environment';

/**
 * When the notification-permission modal is offered (spec section 4, issue 17):
 * - never inside the wallet app or Telegram, in the native app shell (it has its own push), or when
 *   the local flag is set;
 * - iOS only in the installed app (a home-screen web clip) from 16.4; elsewhere on iOS, the
 *   instruction to install instead;
 * - at most once a day: the close date is stored, and a closed prompt waits until the next day;
 * - a permission already granted binds again without asking; a denied one is left alone.
 */
export type PushDecision = 'skip' | 'ask' | 'bind' | 'iosInstallTip';

export interface PushFacts {
  env: Pick<Environment, 'isIos' | 'isIosWebClip' | 'iosVersion' | 'inAppBrowser' | 'isNativeApp'>;
  disabledFlag: boolean;
  /** The browser has Notification, PushManager and service workers. */
  supported: boolean;
  permission: NotificationPermission | null;
  /** The stored close date (YYYY-MM-DD), or null. */
  closedOn: string | null;
  today: string;
}

function iosPushCapable(version: PushFacts['env']['iosVersion']): boolean {
  return version !== null && (version.major > 16 || (version.major === 16 && version.minor >= 4));
}

export function pushDecision(facts: PushFacts): PushDecision {
  const { env } = facts;
  if (facts.disabledFlag || env.isNativeApp) return 'skip';
  if (env.inAppBrowser === 'wallet' || env.inAppBrowser === 'telegram') return 'skip';
  if (facts.permission === 'denied') return 'skip';
  if (facts.supported && facts.permission === 'granted') return 'bind';
  const askedToday = facts.closedOn === facts.today;
  if (env.isIos && !(env.isIosWebClip && iosPushCapable(env.iosVersion))) {
    return askedToday || env.inAppBrowser !== null ? 'skip' : 'iosInstallTip';
  }
  if (!facts.supported || askedToday) return 'skip';
  return 'ask';
}

/** The local calendar day of a time, as the close date is stored. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
