import { AppPath } from '@wps/contract/routes';
import { useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { changePassword } from '@/api/endpoints/accounts';
import { handleError } from '@/features/apiErrors';
import {
  AppForm,
  Field,
  FormMessageLine,
  PasswordPair,
  confirmationMessage,
  newPasswordMessage,
  requiredMessage,
  type FormMessage,
  useFieldMessages,
  formFailureFor,
} from '@/ui/form';
import { isPasswordChangeForced, setPasswordChangeForced } from '@/state/forcedPasswordChange';
import { useAppNavigate } from '@/features/navigation';
import { signOut } from '@/features/signOut';
import { linkedSignInsQuery } from '@/features/socialSignIn';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { showToast } from '@/ui/notices';
import '@/ui/form/form.css';

/**
 * /m/changePsw: the forced (or voluntary) password change, with the new password's rules shown and
 * confirmed. A member who does not want to change it now can log out here.
 */
export function ChangePasswordScreen() {
  const { t } = useT();
  const navigate = useAppNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const forced = isPasswordChangeForced();
  // A member registered by a social sign-in alone has no password to give: the first one is set.
  const signIns = useQuery(linkedSignInsQuery);
  const firstPassword = signIns.data?.hasPassword === false;
  const messages = useFieldMessages(
    {
      oldPassword: firstPassword ? null : requiredMessage(oldPassword),
      newPassword: newPasswordMessage(newPassword, firstPassword ? '' : oldPassword),
      confirm: confirmationMessage(newPassword, confirm),
    },
    { oldPassword, newPassword, confirm },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    if (!messages.submit()) return;
    setBusy(true);
    try {
      await changePassword(firstPassword ? { newPassword } : { oldPassword, newPassword });
      setPasswordChangeForced(false);
      showToast('password-changed', { key: 'auth_password_changed' });
      navigate(AppPath.home);
    } catch (caught) {
      const error = caught instanceof WpsError ? caught : null;
      const failure = error && formFailureFor(error, 'changePassword');
      if (failure) {
        const placed = messages.showServer(failure.fields);
        if (failure.form) setFormMessage(failure.form);
        else if (!placed) setFormMessage({ key: 'auth_request_invalid' });
      } else if (error) {
        // Not about what was typed (a lost session, no answer): what the error catalogue shows.
        handleError(error);
      } else {
        setFormMessage({ key: 'unknown_error' });
      }
    } finally {
      setBusy(false);
    }
  };

  const logOut = async () => {
    setBusy(true);
    await signOut(forced ? 'forcedChangeLogout' : 'logout', { navigate });
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
      <AppForm onSubmit={submit} busy={busy}>
        {!firstPassword && (
          <Field
            label={t('auth_old_password')}
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            error={messages.message('oldPassword')}
            onChange={(event) => setOldPassword(event.currentTarget.value)}
            onBlur={() => messages.leave('oldPassword')}
          />
        )}
        <PasswordPair
          label="auth_new_password"
          name="newPassword"
          password={newPassword}
          confirm={confirm}
          onPasswordChange={setNewPassword}
          onConfirmChange={setConfirm}
          passwordMessage={messages.message('newPassword')}
          confirmMessage={messages.message('confirm')}
          onPasswordLeave={() => messages.leave('newPassword')}
          onConfirmLeave={() => messages.leave('confirm')}
        />
        <FormMessageLine message={formMessage} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('page_change_password')}
        </button>
      </AppForm>
      <div className="auth-links">
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void logOut()}>
          {t('auth_logout')}
        </button>
      </div>
    </section>
  );
}
