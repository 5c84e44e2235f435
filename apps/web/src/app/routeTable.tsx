import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREEN_FOR_PATH, type ScreenName } from '@wps/contract/routes';
import type { RouteObject } from '@/platform/router';
import type { RouteHandle } from '@/features/navigation/routeHandle';
import type { MessageKey } from '@/i18n';
import { AppLayout } from './AppLayout';
import { RequireSession } from './RequireSession';
import { onScreenRetry } from './screenRetry';

/**
 * The one route table of the app (spec section 2). Paths are relative to the /m basename; every
 * screen is its own lazily loaded chunk. Declarative routes (not the data router) keep the router
 * small: the app loads its data through the api module, not route loaders.
 */

export type AppRoute = RouteObject & { handle?: RouteHandle; children?: AppRoute[] };

/** A lazily loaded screen that can also be loaded ahead of its first render. */
export type PreloadableScreen = ComponentType & { preload: () => Promise<void> };

/**
 * A screen as its own chunk. Once `preload` has finished, the screen renders at once: React's `lazy`
 * alone would suspend on the first render even when the chunk is already there, and React holds a
 * revealed Suspense boundary back by up to 300 ms, which the first screen of a visit should not pay.
 */
function screen(load: () => Promise<ComponentType>, name: ScreenName): PreloadableScreen {
  let loaded: ComponentType | null = null;
  let failed = false;
  const remember = (component: ComponentType) => {
    loaded = component;
    return component;
  };
  // React keeps a lazy component's failure for good: after a failed load (offline), a new one is made
  // on retry, so the next render loads the chunk again.
  const makeLazy = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().then(
        (component) => ({ default: remember(component) }),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      ),
    );
  let Lazy = makeLazy();
  onScreenRetry(() => {
    if (!failed) return;
    failed = false;
    Lazy = makeLazy();
  });
  function Screen() {
    const Loaded = loaded;
    return Loaded === null ? <Lazy /> : <Loaded />;
  }
  Screen.displayName = `Screen(${name})`;
  return Object.assign(Screen, {
    preload: () =>
      load()
        .then(remember)
        .then(() => undefined),
  });
}

/** The other screens' loaders, one chunk (lazyParts.ts). */
const otherScreens = () => import('./lazyParts').then((module) => module.screenLoaders);

const SCREEN_NAMES: ScreenName[] = [...new Set(Object.values(SCREEN_FOR_PATH)), 'NotFound'];

/** Every screen, each its own chunk; which path shows which is the contract's SCREEN_FOR_PATH. */
export const screens = Object.fromEntries(
  SCREEN_NAMES.map((name) => [
    name,
    name === 'Home'
      ? screen(() => import('@/screens/Home/HomeScreen').then((module) => module.HomeScreen), name)
      : screen(() => otherScreens().then((loaders) => loaders[name as Exclude<ScreenName, 'Home'>]()), name),
  ]),
) as Record<ScreenName, PreloadableScreen>;

/**
 * Loads the screen of an address (`/m/...`) before the app's first render; unknown paths load the
 * not-found screen. Never rejects: a chunk that fails here is retried by the screen itself.
 */
export function preloadScreenFor(pathname: string): Promise<void> {
  const path = pathname === '/m' || pathname === '/m/' ? '/m/home' : pathname.replace(/\/+$/, '');
  const name = (SCREEN_FOR_PATH as Record<string, ScreenName>)[path] ?? 'NotFound';
  return screens[name].preload().catch(() => undefined);
}

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
      page('supportChat', 'page_support_chat'),
      ...CATEGORY_PAGES.map(([path, titleKey]) => page(path, titleKey)),
      // The legal pages (issue 29): one screen for every kind, read from the path (the router has no
      // dynamic segments); an unknown kind shows the screen's not-found state.
      { path: 'legal/*', element: <screens.Legal />, handle: { titleKey: 'page_legal' } },
      {
        element: <RequireSession />,
        children: [
          page('member/home', 'page_member_home'),
          page('member/inbox', 'page_member_inbox'),
          page('member/settings', 'page_member_settings'),
          page('changePsw', 'page_change_password'),
          page('launchGame', 'page_launch_game'),
          page('agentRegister', 'page_agent_register'),
          page('deposit', 'page_deposit'),
          page('withdraw', 'page_withdraw'),
          page('transactions', 'page_transactions'),
          page('responsible-gaming', 'page_responsible_gaming'),
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
