import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import '@/ui/dialog.css';

/** Opened by the status check for a host the server does not serve; it cannot be dismissed. */
export function DomainNotAvailablePopup({ domain }: { domain: string }) {
  const { t } = useT();
  const messageId = useId();
  return (
    <Modal
      role="alertdialog"
      title={t('domain_not_available_title')}
      titleClassName="dialog-title"
      describedBy={messageId}
      className="dialog-panel"
      backdropClassName="dialog-backdrop"
    >
      <p id={messageId} className="dialog-message">
        {t('domain_not_available_message', { domain })}
      </p>
    </Modal>
  );
}
