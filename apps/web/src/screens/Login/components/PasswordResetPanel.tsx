import { useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { resetPasswordByEmail, resetPasswordBySms } from '@/api/endpoints/accounts';
import {
  MobileNumberField,
  AppForm,
  Field,
  FormMessageLine,
  PasswordPair,
  confirmationMessage,
  emailMessage,
  loginUsernameMessage,
  newPasswordMessage,
  normalizeUsername,
  requiredMessage,
  mobileNumberMessage,
  nationalNumber,
  type FormMessage,
  useDialingCode,
  useFieldMessages,
  formFailureFor,
} from '@/ui/form';
import { useT } from '@/i18n/I18nProvider';
import { showAlert, showToast } from '@/ui/notices';

type Channel = 'email' | 'sms';

/**
 * Password reset by email or SMS (the no-token paths of spec section 6): send a code, then set the
 * password, with the new password's rules and its confirmation. Each message under its field.
 */
export function PasswordResetPanel({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const [channel, setChannel] = useState<Channel>('email');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [dialingCode, setDialingCode] = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const [serverText, setServerText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byEmail = channel === 'email';
  const messages = useFieldMessages(
    {
      username: byEmail ? loginUsernameMessage(username) : null,
      email: byEmail ? emailMessage(email) : null,
      mobileNum: byEmail ? null : mobileNumberMessage(mobileNum, dialingCode),
      code: codeSent ? requiredMessage(code) : null,
      newPassword: codeSent ? newPasswordMessage(newPassword) : null,
      confirm: codeSent ? confirmationMessage(newPassword, confirm) : null,
    },
    { username, email, mobileNum, code, newPassword, confirm },
  );

  const send = (extra: { code?: string; newPassword?: string }) =>
    byEmail
      ? resetPasswordByEmail({ username: normalizeUsername(username), email: email.trim(), ...extra })
      : resetPasswordBySms({
          countryDialingCode: dialingCode,
          mobileNum: nationalNumber(mobileNum, dialingCode) ?? '',
          ...extra,
        });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    setServerText(null);
    if (!messages.submit()) return;
    setBusy(true);
    try {
      if (!codeSent) {
        await send({});
        setCodeSent(true);
        // The code and the new password are new fields: nothing to say about them yet.
        messages.reset();
        showToast('reset-code-sent', { key: 'auth_code_sent' });
      } else {
        await send({ code: code.trim(), newPassword });
        await showAlert({ key: 'reset_done' });
        onDone();
      }
    } catch (caught) {
      const failure = caught instanceof WpsError ? formFailureFor(caught, 'reset') : null;
      if (failure) {
        const placed = messages.showServer(failure.fields);
        if (failure.form) setFormMessage(failure.form);
        else if (!placed) setFormMessage({ key: 'auth_request_invalid' });
      } else {
        // Not about a field (too many codes, no answer): the server's sentence, else a general one.
        const text = caught instanceof WpsError ? caught.serverMessage : null;
        if (text) setServerText(text);
        else setFormMessage({ key: 'unknown_error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="reset-title">
      <h2 id="reset-title" className="screen-title">
        {t('reset_title')}
      </h2>
      <div className="auth-tabs" role="group" aria-label={t('reset_title')}>
        {(['email', 'sms'] as const).map((item) => (
          <button
            key={item}
            type="button"
            className={channel === item ? 'button button-primary' : 'button button-secondary'}
            aria-pressed={channel === item}
            onClick={() => {
              setChannel(item);
              setCodeSent(false);
              messages.reset();
              setFormMessage(null);
              setServerText(null);
            }}
          >
            {t(item === 'email' ? 'reset_by_email' : 'reset_by_sms')}
          </button>
        ))}
      </div>
      <AppForm onSubmit={submit} busy={busy}>
        {byEmail ? (
          <>
            <Field
              label={t('auth_username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={username}
              error={messages.message('username')}
              onChange={(event) => setUsername(event.currentTarget.value)}
              onBlur={() => messages.leave('username')}
            />
            <Field
              label={t('reset_email')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              error={messages.message('email')}
              onChange={(event) => setEmail(event.currentTarget.value)}
              onBlur={() => messages.leave('email')}
            />
          </>
        ) : (
          <MobileNumberField
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            value={mobileNum}
            error={messages.message('mobileNum')}
            onChange={setMobileNum}
            onBlur={() => messages.leave('mobileNum')}
          />
        )}
        {codeSent && (
          <>
            <Field
              label={t('verification_code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              error={messages.message('code')}
              onChange={(event) => setCode(event.currentTarget.value)}
              onBlur={() => messages.leave('code')}
            />
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
          </>
        )}
        <FormMessageLine message={formMessage} text={serverText} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {codeSent ? t('reset_title') : t('auth_send_code')}
        </button>
      </AppForm>
    </section>
  );
}
