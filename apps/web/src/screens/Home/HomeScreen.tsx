import { Suspense } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { lazyWhenIdle } from '@/ui/lazyWhenIdle';
import { BannerSection } from './BannerSection';
import { CategorySection } from './CategorySection';
import { MarqueeSection } from './MarqueeSection';
import './home.css';
// The game rows' styles come with the screen: the server's markup of them (LobbyGames, whose code
// comes later) is styled from the first paint, so the cards never jump when that code arrives.
import '@/features/games/games.css';

// Below the fold or not shown at first: their own chunks, fetched when the page is idle after its
// load (ui/lazyWhenIdle.ts), so the first screen hydrates without waiting for them. The sections
// above the fold keep their data here and load only their code the same way.
const LobbyGames = lazyWhenIdle(() => import('./LobbyGames'));
// Only a member the merchant's profile offers a deposit limit at registration sees it (issue 29).
const LimitOfferSlot = lazyWhenIdle(() => import('@/features/limitOffer/LimitOfferSlot'));
const AnnouncementPopup = lazyWhenIdle(() =>
  import('@/features/lobby/AnnouncementPopup').then((module) => ({ default: module.AnnouncementPopup })),
);

/**
 * The lobby (/m/home): the merchant's title (for screen readers and search engines only: the shell's
 * header already shows the name, and twice would waste a phone's first screen), banners, the announcement line, the popup announcement,
 * the game categories, hot games, providers, and for a member the recently played and favourite
 * games. Every section reserves its place while loading and steps aside quietly when its call fails.
 */
export function HomeScreen() {
  const { t } = useT();
  const settings = useSettings();
  return (
    <section aria-labelledby="screen-title" className="home">
      <h1 id="screen-title" className="screen-title home-title">
        {settings?.merchantName ?? t('page_home')}
      </h1>
      {settings?.mobileTemplate.app_desc && (
        <p className="home-desc" dir="auto">
          {settings.mobileTemplate.app_desc}
        </p>
      )}
      <Suspense fallback={null}>
        <LimitOfferSlot where="lobby" />
      </Suspense>
      <BannerSection />
      <MarqueeSection />
      <CategorySection />
      <Suspense fallback={<div className="home-games-pending" aria-hidden="true" />}>
        <LobbyGames />
      </Suspense>
      <Suspense fallback={null}>
        <AnnouncementPopup />
      </Suspense>
    </section>
  );
}
