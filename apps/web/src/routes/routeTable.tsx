import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import type { MessageKey } from '../i18n';
import { AppLayout } from './AppLayout';
import { RequireSession } from './RequireSession';

/**
 * The one route table of the app (spec section 2). Paths are relative to the /m basename; every
 * screen is its own lazily loaded chunk. Declarative routes (not the data router) keep the router
 * small: the app loads its data through the api module, not route loaders.
 */

export interface RouteHandle {
  titleKey: MessageKey;
}

export type AppRoute = RouteObject & { handle?: RouteHandle; children?: AppRoute[] };

function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const HomeScreen = screen(() => import('../screens/Home/HomeScreen'), 'HomeScreen');
const LoginScreen = screen(() => import('../screens/Login/LoginScreen'), 'LoginScreen');
const RegisterScreen = screen(() => import('../screens/Register/RegisterScreen'), 'RegisterScreen');
const GameScreen = screen(() => import('../screens/Game/GameScreen'), 'GameScreen');
const MemberHomeScreen = screen(() => import('../screens/MemberHome/MemberHomeScreen'), 'MemberHomeScreen');
const ChangePasswordScreen = screen(
  () => import('../screens/ChangePassword/ChangePasswordScreen'),
  'ChangePasswordScreen',
);
const LaunchGameScreen = screen(() => import('../screens/LaunchGame/LaunchGameScreen'), 'LaunchGameScreen');
const InviteFriendsScreen = screen(
  () => import('../screens/InviteFriends/InviteFriendsScreen'),
  'InviteFriendsScreen',
);
const AgentRegisterScreen = screen(
  () => import('../screens/AgentRegister/AgentRegisterScreen'),
  'AgentRegisterScreen',
);
const ActivityScreen = screen(() => import('../screens/Activity/ActivityScreen'), 'ActivityScreen');
const FeedbackScreen = screen(() => import('../screens/Feedback/FeedbackScreen'), 'FeedbackScreen');
const CategoryScreen = screen(() => import('../screens/Category/CategoryScreen'), 'CategoryScreen');
const NotFoundScreen = screen(() => import('../screens/NotFound/NotFoundScreen'), 'NotFoundScreen');

function page(path: string, Screen: ComponentType, titleKey: MessageKey): AppRoute {
  return { path, element: <Screen />, handle: { titleKey } };
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

export const appRoutes: AppRoute[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeScreen />, handle: { titleKey: 'page_home' } },
      page('home', HomeScreen, 'page_home'),
      page('index', HomeScreen, 'page_index'),
      page('index.html', HomeScreen, 'page_index'),
      page('login', LoginScreen, 'page_login'),
      page('register', RegisterScreen, 'page_register'),
      page('register.html', RegisterScreen, 'page_register'),
      page('game', GameScreen, 'page_game'),
      page('inviteFriends', InviteFriendsScreen, 'page_invite_friends'),
      page('activity', ActivityScreen, 'page_activity'),
      ...CATEGORY_PAGES.map(([path, titleKey]) => ({
        path,
        element: <CategoryScreen />,
        handle: { titleKey },
      })),
      {
        element: <RequireSession />,
        children: [
          page('member/home', MemberHomeScreen, 'page_member_home'),
          page('changePsw', ChangePasswordScreen, 'page_change_password'),
          page('launchGame', LaunchGameScreen, 'page_launch_game'),
          page('agentRegister', AgentRegisterScreen, 'page_agent_register'),
        ],
      },
      {
        element: <RequireSession fallback="/m/home" />,
        children: [page('feedback', FeedbackScreen, 'page_feedback')],
      },
      page('*', NotFoundScreen, 'page_not_found'),
    ],
  },
];

export const ROUTER_BASENAME = '/m';
