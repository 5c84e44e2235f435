import { Suspense } from 'react';
import { fetchAnnouncements } from '@/api/endpoints/lobby';
import { useQuery } from '@/queries/useQuery';
import { lazyWhenIdle } from '@/ui/lazyWhenIdle';
// The marquee's styles come with the screen: the server's markup of it is styled before its code.
import '@/ui/marquee.css';

/** The marquee and the announcement list: code fetched when the page is idle (ui/lazyWhenIdle.ts). */
const AnnouncementLine = lazyWhenIdle(() => import('./AnnouncementLine'));

const marqueeQuery = { key: ['announcements', 'MARQUEE'], load: () => fetchAnnouncements(['MARQUEE']) };

/** The height of the announcement line (44 px) while it or the marquee's code loads. */
export function MarqueeSkeleton() {
  return (
    <div className="home-marquee-skeleton home-skeleton" aria-hidden="true" data-testid="marquee-skeleton" />
  );
}

/** The announcement line; a tap opens the list. Its height is reserved while it loads. */
export function MarqueeSection() {
  const state = useQuery(marqueeQuery);
  if (state.status === 'loading' || state.status === 'idle') return <MarqueeSkeleton />;
  const list = state.status === 'ready' && Array.isArray(state.data?.list) ? state.data.list : [];
  if (list.length === 0) return null;
  return (
    <Suspense fallback={<MarqueeSkeleton />}>
      <AnnouncementLine list={list} />
    </Suspense>
  );
}
