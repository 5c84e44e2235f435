import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';

/**
 * The app upgrade modal (spec sections 2 and 4): title, message, Update Now. When mandatory app
 * updates are on (MANDATORYAPPUPDATE3) it has no close: no ×, Escape does nothing.
 */
export function UpgradeModal({
  mandatory,
  onUpdate,
  onClose,
}: {
  mandatory: boolean;
  onUpdate: () => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const messageId = useId();
  return (
    <Modal
      title={t('app_upgrade_title')}
      describedBy={messageId}
      onClose={mandatory ? undefined : onClose}
      role="alertdialog"
      className="modal-panel app-upgrade"
    >
      <p id={messageId}>{t('app_upgrade_msg')}</p>
      <button type="button" className="button button-accent app-upgrade-now" onClick={onUpdate}>
        {t('app_upgrade_now')}
      </button>
    </Modal>
  );
}
