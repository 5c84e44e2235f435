import { BANNER_RATIO } from '@wps/contract/games';
import { Suspense, type CSSProperties } from 'react';
import { fetchBanners } from '@/api/endpoints/lobby';
import { useQuery } from '@/queries/useQuery';
import { lazyWhenIdle } from '@/ui/lazyWhenIdle';
// The carousel's styles come with the screen: the server's markup of it is styled before its code.
import '@/ui/carousel.css';

const BOX: CSSProperties = { aspectRatio: `${BANNER_RATIO} / 1` };

/** The carousel and the banner links: code fetched when the page is idle (ui/lazyWhenIdle.ts). */
const BannerCarousel = lazyWhenIdle(() => import('./BannerCarousel'));

/** The 2:1 box of the banners while they or the carousel's code load: the carousel's own size. */
export function BannerSkeleton() {
  return (
    <div
      className="home-banner-skeleton home-skeleton"
      style={BOX}
      aria-hidden="true"
      data-testid="banner-skeleton"
    />
  );
}

/** The banner carousel (2:1 box reserved while loading); hidden when there are none or the call fails. */
export function BannerSection() {
  const state = useQuery({ key: ['banners'], load: fetchBanners });
  if (state.status === 'loading' || state.status === 'idle') return <BannerSkeleton />;
  if (state.status === 'failed' || !Array.isArray(state.data) || state.data.length === 0) return null;
  return (
    <Suspense fallback={<BannerSkeleton />}>
      <BannerCarousel banners={state.data} />
    </Suspense>
  );
}
