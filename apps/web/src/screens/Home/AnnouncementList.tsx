import type { Announcement } from '@wps/contract/games';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import '@/features/lobby/lobbyModal.css';

/** Every marquee announcement, in full, in a modal. */
export function AnnouncementList({
  items,
  onClose,
}: {
  items: readonly Announcement[];
  onClose: () => void;
}) {
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
