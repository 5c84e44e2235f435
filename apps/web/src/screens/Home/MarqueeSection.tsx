import type { Announcement } from '@wps/contract';
import { useState } from 'react';
import { fetchAnnouncements } from '@/api/endpoints/game';
import { useT } from '@/i18n/I18nProvider';
import { Marquee } from '@/ui/Marquee';
import { Modal } from '@/ui/Modal';
import { useQuery } from '@/queries/useQuery';
import '@/features/lobby/lobbyModal.css';

const marqueeQuery = { key: ['announcements', 'MARQUEE'], load: () => fetchAnnouncements(['MARQUEE']) };

function lineOf(announcement: Announcement): string {
  return announcement.content.trim() || announcement.title;
}

function AnnouncementList({ items, onClose }: { items: readonly Announcement[]; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      title={t('marquee_label')}
      titleClassName="lobby-modal-title"
      onClose={onClose}
      closeOnOutside
      initialFocus="panel"
      className="lobby-modal"
    >
      <ul className="lobby-announcement-list">
        {items.map((item) => (
          <li key={item.id}>
            <h3>{item.title}</h3>
            <p className="lobby-plain-text">{item.content}</p>
          </li>
        ))}
      </ul>
    </Modal>
  );
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
      {open && <AnnouncementList items={list} onClose={() => setOpen(false)} />}
    </>
  );
}
