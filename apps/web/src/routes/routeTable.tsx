import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREEN_FOR_PATH, type ScreenName } from '@wps/contract';
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

/** Every screen, each its own chunk; which path shows which is the contract's SCREEN_FOR_PATH. */
export const screens: Record<ScreenName, LazyExoticComponent<ComponentType>> = {
  Home: screen(() => import('../screens/Home/HomeScreen'), 'HomeScreen'),
  Login: screen(() => import('../screens/Login/LoginScreen'), 'LoginScreen'),
  Register: screen(() => import('../screens/Register/RegisterScreen'), 'RegisterScreen'),
  Game: screen(() => import('../screens/Game/GameScreen'), 'GameScreen'),
  MemberHome: screen(() => import('../screens/MemberHome/MemberHomeScreen'), 'MemberHomeScreen'),
  ChangePassword: screen(
    () => import('../screens/ChangePassword/ChangePasswordScreen'),
    'ChangePasswordScreen',
  ),
  LaunchGame: screen(() => import('../screens/LaunchGame/LaunchGameScreen'), 'LaunchGameScreen'),
  InviteFriends: screen(() => import('../screens/InviteFriends/InviteFriendsScreen'), 'InviteFriendsScreen'),
  AgentRegister: screen(() => import('../screens/AgentRegister/AgentRegisterScreen'), 'AgentRegisterScreen'),
  Activity: screen(() => import('../screens/Activity/ActivityScreen'), 'ActivityScreen'),
  Feedback: screen(() => import('../screens/Feedback/FeedbackScreen'), 'FeedbackScreen'),
  Category: screen(() => import('../screens/Category/CategoryScreen'), 'CategoryScreen'),
  NotFound: screen(() => import('../screens/NotFound/NotFoundScreen'), 'NotFoundScreen'),
};

type ScreenPath = keyof typeof SCREEN_FOR_PATH;

/** A route for `/m/{path}`, showing the screen the contract assigns to that path. */
function page(path: string, titleKey: MessageKey): AppRoute {
  const Screen = screens[SCREEN_FOR_PATH[`/m/${path}` as ScreenPath]];
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
      { index: true, element: page('', 'page_home').element, handle: { titleKey: 'page_home' } },
      page('home', 'page_home'),
      page('index', 'page_index'),
      page('index.html', 'page_index'),
      page('login', 'page_login'),
      page('register', 'page_register'),
      page('register.html', 'page_register'),
      page('game', 'page_game'),
      page('inviteFriends', 'page_invite_friends'),
      page('activity', 'page_activity'),
      ...CATEGORY_PAGES.map(([path, titleKey]) => page(path, titleKey)),
      {
        element: <RequireSession />,
        children: [
          page('member/home', 'page_member_home'),
          page('changePsw', 'page_change_password'),
          page('launchGame', 'page_launch_game'),
          page('agentRegister', 'page_agent_register'),
        ],
      },
      {
        element: <RequireSession fallback="/m/home" />,
        children: [page('feedback', 'page_feedback')],
      },
      { path: '*', element: <screens.NotFound />, handle: { titleKey: 'page_not_found' } },
    ],
  },
];

export const ROUTER_BASENAME = '/m';
