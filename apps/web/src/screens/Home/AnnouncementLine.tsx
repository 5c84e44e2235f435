import type { Announcement } from '@wps/contract/games';
import { lazy, Suspense, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { Marquee } from '@/ui/Marquee';

// The list opens on a tap: its own chunk, with the modal.
const AnnouncementList = lazy(() =>
  import('./AnnouncementList').then((module) => ({ default: module.AnnouncementList })),
);

function lineOf(announcement: Announcement): string {
  return announcement.content.trim() || announcement.title;
}

/**
 * The announcement line and the list a tap opens (MarqueeSection's lazy part: the marquee's code
 * comes with it, after the first screen).
 */
export default function AnnouncementLine({ list }: { list: readonly Announcement[] }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
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
