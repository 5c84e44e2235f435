import type { ComponentType } from 'react';
import type { ScreenName } from '@wps/contract/routes';
import { intlReady } from '@/platform/intlReady';

/**
 * A screen that shows amounts as soon as it renders (the cashier's, the member home) arrives once
 * its code is fetched and the browser's number and date data have been loaded off the main thread
 * (platform/intlReady.ts), both at once: its first formatter would otherwise be a task of 60–80 ms
 * at 4x CPU inside its first render. The wait is capped (INTL_WARM_UP_MAX_MS).
 */
function withFormatting<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    const formatting = typeof document === 'undefined' ? null : intlReady(document.documentElement.lang);
    return formatting === null ? load() : Promise.all([load(), formatting]).then(([part]) => part);
  };
}

/**
 * Where the parts of the app that are not on the home page come from: every screen but the home
 * screen, the register dialog and the language dialog. This module is a chunk of its own, fetched once the page is idle
 * (app/afterStart.ts) or when one of them is first wanted (a page that starts on a screen gets it
 * preloaded by the server with the screen's). The home screen is the first screen of most visits; its
 * loader stays in the route table, so the home page's first load carries neither these imports nor
 * the lists of files each of them preloads.
 */
export const screenLoaders: Record<Exclude<ScreenName, 'Home'>, () => Promise<ComponentType>> = {
  Login: () => import('@/screens/Login/LoginScreen').then((module) => module.LoginScreen),
  Register: () => import('@/screens/Register/RegisterScreen').then((module) => module.RegisterScreen),
  Game: () => import('@/screens/Game/GameScreen').then((module) => module.GameScreen),
  MemberHome: withFormatting(() =>
    import('@/screens/MemberHome/MemberHomeScreen').then((module) => module.MemberHomeScreen),
  ),
  Inbox: () => import('@/screens/Inbox/InboxScreen').then((module) => module.InboxScreen),
  SupportChat: () =>
    import('@/screens/SupportChat/SupportChatScreen').then((module) => module.SupportChatScreen),
  MemberSettings: () =>
    import('@/screens/MemberSettings/MemberSettingsScreen').then((module) => module.MemberSettingsScreen),
  ChangePassword: () =>
    import('@/screens/ChangePassword/ChangePasswordScreen').then((module) => module.ChangePasswordScreen),
  LaunchGame: () => import('@/screens/LaunchGame/LaunchGameScreen').then((module) => module.LaunchGameScreen),
  InviteFriends: () =>
    import('@/screens/InviteFriends/InviteFriendsScreen').then((module) => module.InviteFriendsScreen),
  AgentRegister: () =>
    import('@/screens/AgentRegister/AgentRegisterScreen').then((module) => module.AgentRegisterScreen),
  Activity: () => import('@/screens/Activity/ActivityScreen').then((module) => module.ActivityScreen),
  Feedback: () => import('@/screens/Feedback/FeedbackScreen').then((module) => module.FeedbackScreen),
  News: () => import('@/screens/News/NewsScreen').then((module) => module.NewsScreen),
  Download: () => import('@/screens/Download/DownloadScreen').then((module) => module.DownloadScreen),
  Deposit: withFormatting(() =>
    import('@/screens/Deposit/DepositScreen').then((module) => module.DepositScreen),
  ),
  Withdraw: withFormatting(() =>
    import('@/screens/Withdraw/WithdrawScreen').then((module) => module.WithdrawScreen),
  ),
  Transactions: withFormatting(() =>
    import('@/screens/Transactions/TransactionsScreen').then((module) => module.TransactionsScreen),
  ),
  ResponsibleGaming: withFormatting(() =>
    import('@/screens/ResponsibleGaming/ResponsibleGamingScreen').then(
      (module) => module.ResponsibleGamingScreen,
    ),
  ),
  Category: () => import('@/screens/Category/CategoryScreen').then((module) => module.CategoryScreen),
  Legal: () => import('@/screens/Legal/LegalScreen').then((module) => module.LegalScreen),
  NotFound: () => import('@/screens/NotFound/NotFoundScreen').then((module) => module.NotFoundScreen),
};

export function loadLanguageDialog(): Promise<ComponentType<{ onClose: () => void }>> {
  return import('@/features/language/LanguageDialog').then((module) => module.LanguageDialog);
}

export function loadRegisterDialog(): Promise<ComponentType> {
  return import('@/features/session/components/RegisterDialog').then((module) => module.RegisterDialog);
}

/**
 * The header's balance for a signed-in member (issue 28): its own chunk, after the first screen. It
 * does not wait for the Intl worker (withFormatting): held back that long, its balance call with an
 * expired token raced the member-info call's "Please log in" (e2e accounts.spec.ts, session expiry).
 */
export const loadHeaderBalance: () => Promise<{ default: ComponentType }> = () =>
  import('@/features/cashier/HeaderBalance');
