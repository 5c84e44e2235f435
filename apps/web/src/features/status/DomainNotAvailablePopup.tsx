import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import '@/ui/dialog.css';

/**
 * Opened by the status check for a host the server does not serve. Nothing on such a page works, so
 * it is not dismissed; it offers the ways out there are: the operator's official site when the server
 * names one, and trying again (a host being set up, a network that misrouted).
 */
export function DomainNotAvailablePopup({
  domain,
  officialUrl,
}: {
  domain: string;
  officialUrl: string | null;
}) {
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
      <div className="dialog-actions">
        <button
          type="button"
          className={officialUrl ? 'button button-secondary' : 'button button-primary'}
          onClick={() => window.location.reload()}
        >
          {t('domain_not_available_retry')}
        </button>
        {officialUrl && (
          <a className="button button-primary" href={officialUrl} rel="noopener">
            {t('domain_not_available_official')}
          </a>
        )}
      </div>
    </Modal>
  );
}
