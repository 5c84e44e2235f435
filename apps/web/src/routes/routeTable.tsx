import type { RouteObject } from 'react-router';
import type { MessageKey } from '../i18n';
import { AppLayout, type RouteHandle } from './AppLayout';
import { RequireSession } from './RequireSession';
import { ShellFallback } from './ShellFallback';

/**
 * The one route table of the app (spec section 2). Paths are relative to the /m basename; every
 * screen is its own lazily loaded chunk.
 */

const screen = {
  home: () => import('../screens/Home/HomeScreen').then((m) => ({ Component: m.HomeScreen })),
  login: () => import('../screens/Login/LoginScreen').then((m) => ({ Component: m.LoginScreen })),
  register: () => import('../screens/Register/RegisterScreen').then((m) => ({ Component: m.RegisterScreen })),
  game: () => import('../screens/Game/GameScreen').then((m) => ({ Component: m.GameScreen })),
  memberHome: () =>
    import('../screens/MemberHome/MemberHomeScreen').then((m) => ({ Component: m.MemberHomeScreen })),
  changePassword: () =>
    import('../screens/ChangePassword/ChangePasswordScreen').then((m) => ({
      Component: m.ChangePasswordScreen,
    })),
  launchGame: () =>
    import('../screens/LaunchGame/LaunchGameScreen').then((m) => ({ Component: m.LaunchGameScreen })),
  inviteFriends: () =>
    import('../screens/InviteFriends/InviteFriendsScreen').then((m) => ({
      Component: m.InviteFriendsScreen,
    })),
  agentRegister: () =>
    import('../screens/AgentRegister/AgentRegisterScreen').then((m) => ({
      Component: m.AgentRegisterScreen,
    })),
  activity: () => import('../screens/Activity/ActivityScreen').then((m) => ({ Component: m.ActivityScreen })),
  feedback: () => import('../screens/Feedback/FeedbackScreen').then((m) => ({ Component: m.FeedbackScreen })),
  category: () => import('../screens/Category/CategoryScreen').then((m) => ({ Component: m.CategoryScreen })),
  notFound: () => import('../screens/NotFound/NotFoundScreen').then((m) => ({ Component: m.NotFoundScreen })),
};

function page(path: string, lazy: RouteObject['lazy'], titleKey: MessageKey): RouteObject {
  const handle: RouteHandle = { titleKey };
  return { path, lazy, handle } as RouteObject;
}

const CATEGORY_PAGES: [string, MessageKey][] = [
  ['sports', 'page_sports'],
  ['live', 'page_live'],
  ['rng', 'page_rng'],
  ['table', 'page_table'],
  ['fish', 'page_fish'],
  ['pvp', 'page_pvp'],
  ['crash', 'page_crash'],
  ['arcade', 'page_arcade'],
  ['elott', 'page_elott'],
  ['news', 'page_news'],
  ['download', 'page_download'],
  ['app', 'page_app'],
];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: ShellFallback,
    children: [
      { index: true, lazy: screen.home, handle: { titleKey: 'page_home' } satisfies RouteHandle },
      page('home', screen.home, 'page_home'),
      page('index', screen.home, 'page_index'),
      page('index.html', screen.home, 'page_index'),
      page('login', screen.login, 'page_login'),
      page('register', screen.register, 'page_register'),
      page('register.html', screen.register, 'page_register'),
      page('game', screen.game, 'page_game'),
      page('inviteFriends', screen.inviteFriends, 'page_invite_friends'),
      page('activity', screen.activity, 'page_activity'),
      ...CATEGORY_PAGES.map(([path, titleKey]) => page(path, screen.category, titleKey)),
      {
        Component: RequireSession,
        children: [
          page('member/home', screen.memberHome, 'page_member_home'),
          page('changePsw', screen.changePassword, 'page_change_password'),
          page('launchGame', screen.launchGame, 'page_launch_game'),
          page('agentRegister', screen.agentRegister, 'page_agent_register'),
        ],
      },
      {
        element: <RequireSession fallback="/m/home" />,
        children: [page('feedback', screen.feedback, 'page_feedback')],
      },
      page('*', screen.notFound, 'page_not_found'),
    ],
  },
];

export const ROUTER_BASENAME = '/m';
