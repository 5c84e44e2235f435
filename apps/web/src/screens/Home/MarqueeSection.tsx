import type { Announcement } from '@wps/contract';
import { lazy, Suspense, useState } from 'react';
import { fetchAnnouncements } from '@/api/endpoints/game';
import { useT } from '@/i18n/I18nProvider';
import { Marquee } from '@/ui/Marquee';
import { useQuery } from '@/queries/useQuery';

// The list opens on a tap: its own chunk, with the modal.
const AnnouncementList = lazy(() =>
  import('./AnnouncementList').then((module) => ({ default: module.AnnouncementList })),
);

const marqueeQuery = { key: ['announcements', 'MARQUEE'], load: () => fetchAnnouncements(['MARQUEE']) };

function lineOf(announcement: Announcement): string {
  return announcement.content.trim() || announcement.title;
}

/** The announcement line; a tap opens the list. Its height is reserved while it loads. */
export function MarqueeSection() {
  const { t } = useT();
  const state = useQuery(marqueeQuery);
  const [open, setOpen] = useState(false);
  if (state.status === 'loading' || state.status === 'idle') {
    return <div className="home-marquee-skeleton home-skeleton" aria-hidden="true" />;
  }
  const list = state.status === 'ready' && Array.isArray(state.data?.list) ? state.data.list : [];
  if (list.length === 0) return null;
  return (
    <>
      <Marquee
        items={list.map((item) => ({ id: item.id, text: lineOf(item) }))}
        label={t('marquee_label')}
        onOpen={() => setOpen(true)}
        openLabel={t('marquee_open')}
      />
      {open && (
        <Suspense fallback={null}>
          <AnnouncementList items={list} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
