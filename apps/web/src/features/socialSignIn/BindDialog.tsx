import { useId } from 'react';
import { useAppNavigate } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import { choosePendingBind, clearPendingBind, type PendingBind } from '@/features/session';
import { useProviderName } from './providerNames';

interface BindDialogProps {
  pending: PendingBind;
  onClose: () => void;
}

/**
 * The social sign-in confirm dialog (spec sections 2 and 4): a sign-in that matches no account is
 * linked to an existing account (log in: the login page sends the bind token) or to a new one
 * (register: the registration sends it with FIREBASECREATEACC3 on). Closing it drops the pending bind.
 */
export function BindDialog({ pending, onClose }: BindDialogProps) {
  const { t } = useT();
  const providerName = useProviderName();
  const navigate = useAppNavigate();
  const messageId = useId();
  const provider = providerName(pending.provider);

  const cancel = () => {
    clearPendingBind();
    onClose();
  };
  const goTo = (path: '/m/login' | '/m/register') => {
    choosePendingBind();
    onClose();
    const { pathname, search } = window.location;
    if (pathname !== path) navigate(`${path}${path === '/m/login' ? search : ''}`);
  };

  return (
    <Modal
      title={t('social_bind_title')}
      titleClassName="screen-title"
      onClose={cancel}
      describedBy={messageId}
      className="auth-dialog"
    >
      <div className="social-bind" id={messageId}>
        {pending.displayName && (
          <p className="social-bind-name">{t('social_bind_as', { name: pending.displayName })}</p>
        )}
        <p>{t('social_bind_message', { provider })}</p>
      </div>
      <div className="social-bind-actions">
        <button type="button" className="button button-primary" onClick={() => goTo('/m/login')}>
          {t('social_bind_login')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => goTo('/m/register')}>
          {t('social_bind_register')}
        </button>
        <button type="button" className="link-button" onClick={cancel}>
          {t('social_bind_cancel')}
        </button>
      </div>
    </Modal>
  );
}
