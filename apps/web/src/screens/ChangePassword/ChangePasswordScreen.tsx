import { AppPath } from '@wps/contract';
import { useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { changePassword } from '@/api/endpoints/accounts';
import { isPasswordChangeForced, setPasswordChangeForced } from '@/features/auth/forcedChange';
import { Field } from '@/features/auth/components/Field';
import { useAppNavigate } from '@/features/auth/hooks/useAppNavigate';
import { useT } from '@/i18n/I18nProvider';
import { showToast } from '@/ui/notices';
import '@/features/auth/auth.css';

interface Errors {
  oldPassword?: string;
  newPassword?: string;
  confirm?: string;
}

/** /m/changePsw: the forced (or voluntary) password change, with the new password confirmed. */
export function ChangePasswordScreen() {
  const { t } = useT();
  const navigate = useAppNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const forced = isPasswordChangeForced();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!oldPassword) found.oldPassword = t('auth_required');
    if (!newPassword) found.newPassword = t('auth_required');
    else if (newPassword !== confirm) found.confirm = t('auth_password_mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword({ oldPassword, newPassword });
      setPasswordChangeForced(false);
      showToast('password-changed', { key: 'auth_password_changed' });
      navigate(AppPath.home);
    } catch (caught) {
      setErrors({
        oldPassword:
          caught instanceof WpsError && caught.serverMessage ? caught.serverMessage : t('unknown_error'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_change_password')}
      </h1>
      {forced && (
        <p className="auth-hint" role="status">
          {t('auth_change_forced')}
        </p>
      )}
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <Field
          label={t('auth_old_password')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          error={errors.oldPassword}
          onChange={(event) => setOldPassword(event.currentTarget.value)}
        />
        <Field
          label={t('auth_new_password')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          error={errors.newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
        />
        <Field
          label={t('auth_password_confirm')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('page_change_password')}
        </button>
      </form>
    </section>
  );
}
