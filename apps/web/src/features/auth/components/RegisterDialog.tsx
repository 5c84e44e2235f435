import { useAppNavigate } from '../hooks/useAppNavigate';
import { useT } from '../../../i18n/I18nProvider';
import { closeRegisterDialog } from '../registerDialog';
import { Dialog } from './Dialog';
import { RegisterForm } from './RegisterForm';
import '../auth.css';

/** Registration in a dialog over the current page; success with login closes it and goes on. */
export function RegisterDialog() {
  const { t } = useT();
  const navigate = useAppNavigate();
  return (
    <Dialog title={t('page_register')} onClose={closeRegisterDialog}>
      <RegisterForm
        onSuccess={(destination) => {
          closeRegisterDialog();
          if (destination) navigate(destination);
        }}
      />
    </Dialog>
  );
}
