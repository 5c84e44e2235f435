import type { Announcement } from '@wps/contract';
import { useId, useState } from 'react';
import { fetchAnnouncements } from '../../api/endpoints/game';
import { LobbyModal } from '../../features/lobby/LobbyModal';
import { useT } from '../../i18n/I18nProvider';
import { Marquee } from '../../ui/Marquee';
import { useLoad } from '../../ui/useLoad';

const loadMarquee = () => fetchAnnouncements(['MARQUEE']);

function lineOf(announcement: Announcement): string {
  return announcement.content.trim() || announcement.title;
}

function AnnouncementList({ items, onClose }: { items: readonly Announcement[]; onClose: () => void }) {
  const { t } = useT();
  const titleId = useId();
  return (
    <LobbyModal labelledBy={titleId} onEscape={onClose} onBackdrop={onClose}>
      <div className="lobby-modal-header">
        <h2 id={titleId} className="lobby-modal-title">
          {t('marquee_label')}
        </h2>
        <button type="button" className="lobby-modal-x" aria-label={t('lobby_close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <ul className="lobby-announcement-list">
        {items.map((item) => (
          <li key={item.id}>
            <h3>{item.title}</h3>
            <p className="lobby-plain-text">{item.content}</p>
          </li>
        ))}
      </ul>
    </LobbyModal>
  );
}

/** The announcement line; a tap opens the list. Its height is reserved while it loads. */
export function MarqueeSection() {
  const { t } = useT();
  const state = useLoad('marquee', loadMarquee);
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
