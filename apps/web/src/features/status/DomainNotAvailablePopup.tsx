import { useId } from 'react';
import { useT } from '../../i18n/I18nProvider';
import '../../ui/dialog.css';

/** Opened by the status check for a host the server does not serve; it cannot be dismissed. */
export function DomainNotAvailablePopup({ domain }: { domain: string }) {
  const { t } = useT();
  const titleId = useId();
  const messageId = useId();
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId} className="dialog-title">
          {t('domain_not_available_title')}
        </h2>
        <p id={messageId} className="dialog-message">
          {t('domain_not_available_message', { domain })}
        </p>
      </div>
    </div>
  );
}
