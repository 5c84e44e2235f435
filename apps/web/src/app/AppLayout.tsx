import { Suspense, lazy, useEffect, useState, type MouseEvent } from 'react';
import { AppPath } from '@wps/contract/routes';
import { Outlet, useLocation, useNavigate } from '@/platform/router';
import { FirstScreenHydrated } from '@/ui/FirstScreenHydrated';
import { openRegisterDialog } from '@/features/session/registerDialog';
import { AppLink } from '@/features/navigation/AppLink';
import { useKeptParams } from '@/features/navigation/keptParams';
import { useRouteHandle } from '@/features/navigation/routeHandle';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { languageStore } from '@/state/language';
import { useSession } from '@/state/session';
import { useHydrated } from '@/state/hydration';
import { settingsStore, useSettings } from '@/state/settings';
import { lazyWhenIdle } from '@/ui/lazyWhenIdle';
import { ScreenSkeleton } from './ScreenSkeleton';
import './layout.css';

/** Re-adds kept tracking parameters a navigation dropped, without a new history entry. */
function useKeepTrackingParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const kept = useKeptParams();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    let missing = false;
    for (const [name, value] of Object.entries(kept)) {
      if (!params.has(name)) {
        params.set(name, value);
        missing = true;
      }
    }
    if (missing) {
      void navigate(
        { pathname: location.pathname, search: `?${params}`, hash: location.hash },
        { replace: true },
      );
    }
  }, [kept, location.pathname, location.search, location.hash, navigate]);
}

function useDocumentMeta(titleKey: MessageKey | null) {
  const { pathname } = useLocation();
  const settings = useSettings();
  const { t } = useT();
  const title = titleKey ? t(titleKey) : null;
  useEffect(() => {
    const brand = settings?.merchantName ?? document.title;
    document.title = title && brand ? `${title} · ${brand}` : (title ?? brand);
  }, [title, settings?.merchantName]);
  useEffect(() => {
    if (!settings) return;
    const { host } = window.location;
    const input = { host, mainHost: settings.mainHost, pathname: `/m${pathname}` };
    // The server writes the first page's robots meta; later pages get theirs from a small chunk.
    void import('@/lib/indexing').then(({ applyRobots, isIndexable }) =>
      applyRobots(document, isIndexable(input)),
    );
  }, [pathname, settings]);
}

/**
 * A plain left click on the header's Register link opens the register dialog over the current page;
 * the link stays a real `<a href="/m/register">` (crawlable, and a modified or middle click opens it
 * in a new tab). On the register page itself the link just navigates.
 */
function openRegisterOnPlainClick(event: MouseEvent<HTMLAnchorElement>, pathname: string): void {
  const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (!plain || event.defaultPrevented || `/m${pathname}` === AppPath.register) return;
  event.preventDefault();
  openRegisterDialog();
}

/** The language picker over any page: its own chunk, loaded when the header's button is pressed. */
const LanguageDialog = lazy(() =>
  import('./lazyParts')
    .then((module) => module.loadLanguageDialog())
    .then((component) => ({ default: component })),
);

/**
 * The merchant's customer-service buttons (issue 16): one chunk loaded once the page is idle, never in
 * the first load. It renders in a slot of the header that keeps its size from the start when the
 * merchant places an entry there (else the slot takes no room); the floating button is fixed over
 * the page. Neither moves anything when it appears.
 */
const CustomerServiceButtons = lazyWhenIdle(() => import('@/features/customerService/CsButtons'));

/**
 * A signed-in member's balance (issue 28): its own chunk, loaded once the page is idle, in a slot of
 * the header that holds its place meanwhile. Reached through lazyParts (fetched when idle anyway), so
 * the first load carries no list of its files.
 */
const HeaderBalance = lazyWhenIdle(() => import('./lazyParts').then((module) => module.loadHeaderBalance()));

/**
 * The legal footer (issue 29): the legal pages, the licence line and the age badge, from the settings
 * already loaded. Its own chunk, after the first paint: the first load does not carry it, and it
 * appears below the screen, moving nothing above it.
 */
const LegalFooter = lazyWhenIdle(() => import('@/features/legal/LegalFooter'));
/** Pages without the footer: the support chat and the game launch fill the screen. */
const FOOTERLESS = new Set(['/supportChat', '/launchGame']);

/** How long screens wait for the first settings answer before they show on defaults. */
export const SETTINGS_WAIT_MS = 3_000;

/**
 * Screens take their fields, captcha and sections from the merchant's settings: they wait behind the
 * skeleton for the first answer (or its failure) rather than paint and then rearrange — but on a
 * network slow enough to take longer than SETTINGS_WAIT_MS they show on defaults rather than wait out
 * the request's whole time-out.
 */
function useWaitForSettings(): boolean {
  const loading = settingsStore.use().status === 'loading';
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setWaitedLongEnough(true), SETTINGS_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  return loading && !waitedLongEnough;
}

export function AppLayout() {
  const { t } = useT();
  const settings = useSettings();
  const settingsPending = useWaitForSettings();
  const session = useSession();
  const titleKey = useRouteHandle()?.titleKey ?? null;
  const { pathname } = useLocation();
  const language = languageStore.use()?.language;
  const [languageOpen, setLanguageOpen] = useState(false);
  useKeepTrackingParams();
  useDocumentMeta(titleKey);
  const placed = settings?.customerService.map((entry) => entry.csPosition);
  // The buttons mount only in the browser, after hydration: a server-rendered boundary whose code is
  // still on its way would hold every navigation back until it arrives (they read the location),
  // and offline that is never. The slot keeps its size meanwhile.
  const hydrated = useHydrated();

  const navItems: { to: string; label: MessageKey }[] = [
    { to: '/m/home', label: 'nav_home' },
    { to: '/m/game', label: 'nav_game' },
    { to: '/m/activity', label: 'nav_promotions' },
    session?.token ? { to: '/m/member/home', label: 'nav_member' } : { to: '/m/login', label: 'nav_login' },
  ];

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <header className="shell-header">
        {/* The merchant's name, in its own script and direction; whole (layout.css). */}
        <AppLink to="/m/home" className="shell-brand" dir="auto">
          {settings?.merchantName ?? ''}
        </AppLink>
        <div className="header-tools">
          {/* Never server-rendered (the server renders for a visitor): no boundary waits for code. */}
          {session?.token && (
            <Suspense fallback={<span className="balance-slot" />}>
              <HeaderBalance />
            </Suspense>
          )}
          {/* Log in is in the bottom navigation: the header keeps room for the name on one row. */}
          {!session?.token && (
            <nav className="header-actions" aria-label={t('nav_register')}>
              <AppLink
                to={AppPath.register}
                className="button button-accent"
                onClick={(event) => openRegisterOnPlainClick(event, pathname)}
              >
                {t('nav_register')}
              </AppLink>
            </nav>
          )}
          {placed?.length ? (
            <span className={placed.includes('HEADER') ? 'cs-slot' : 'cs-none'}>
              {hydrated && (
                <Suspense fallback={null}>
                  <CustomerServiceButtons />
                </Suspense>
              )}
            </span>
          ) : null}
          <button
            type="button"
            className="button button-ghost header-language"
            // The visible code leads the name ("EN Language"): speech input users say what they see
            // (WCAG 2.5.3, label in name), and a screen reader still hears what the button is for.
            aria-label={language ? `${language} ${t('language_title')}` : t('language_title')}
            aria-haspopup="dialog"
            onClick={() => setLanguageOpen(true)}
          >
            {language ?? ''}
          </button>
        </div>
        {languageOpen && (
          <Suspense fallback={null}>
            <LanguageDialog onClose={() => setLanguageOpen(false)} />
          </Suspense>
        )}
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<ScreenSkeleton />}>
            {settingsPending ? (
              <ScreenSkeleton />
            ) : (
              <>
                <Outlet />
                <FirstScreenHydrated />
              </>
            )}
          </Suspense>
        </ScreenErrorBoundary>
        {hydrated && !FOOTERLESS.has(pathname) && (
          <Suspense fallback={null}>
            <LegalFooter />
          </Suspense>
        )}
      </main>
      <nav className="bottom-nav" aria-label={t('main_navigation')}>
        {navItems.map((item) => (
          <AppLink
            key={item.to}
            to={item.to}
            className="bottom-nav-item"
            aria-current={`/m${pathname}` === item.to ? 'page' : undefined}
          >
            {t(item.label)}
          </AppLink>
        ))}
      </nav>
    </>
  );
}
