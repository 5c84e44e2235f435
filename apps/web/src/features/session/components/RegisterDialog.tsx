import { useAppNavigate } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { closeRegisterDialog } from '@/features/session/registerDialog';
import { Modal } from '@/ui/Modal';
import { RegisterForm } from './RegisterForm';
import '@/ui/form/form.css';

/** Registration in a dialog over the current page; success with login closes it and goes on. */
export function RegisterDialog() {
  const { t } = useT();
  const navigate = useAppNavigate();
  return (
    <Modal
      title={t('page_register')}
      titleClassName="screen-title"
      onClose={closeRegisterDialog}
      className="auth-dialog"
    >
      <RegisterForm
        onSuccess={(destination) => {
          closeRegisterDialog();
          if (destination) navigate(destination);
        }}
      />
    </Modal>
  );
}
