import { useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { resetPasswordByEmail, resetPasswordBySms } from '@/api/endpoints/accounts';
import { DialingCodeSelect } from '@/features/auth/components/DialingCodeSelect';
import { Field } from '@/features/auth/components/Field';
import { useDialingCode } from '@/features/auth/hooks/useDefaultDialingCode';
import { useT } from '@/i18n/I18nProvider';
import { showAlert, showToast } from '@/ui/notices';

type Channel = 'email' | 'sms';

/** Password reset by email or SMS (the no-token paths of spec section 6): send a code, then set the password. */
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = (extra: { code?: string; newPassword?: string }) =>
    channel === 'email'
      ? resetPasswordByEmail({ username: username.trim(), email: email.trim(), ...extra })
      : resetPasswordBySms({ countryDialingCode: dialingCode, mobileNum: mobileNum.trim(), ...extra });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = channel === 'email' ? !username.trim() || !email.trim() : !mobileNum.trim();
    if (missing || (codeSent && (!code.trim() || !newPassword))) {
      setError(t('auth_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (!codeSent) {
        await send({});
        setCodeSent(true);
        showToast('reset-code-sent', { key: 'auth_code_sent' });
      } else {
        await send({ code: code.trim(), newPassword });
        await showAlert({ key: 'reset_done' });
        onDone();
      }
    } catch (caught) {
      setError(
        caught instanceof WpsError && caught.serverMessage ? caught.serverMessage : t('unknown_error'),
      );
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
              setError(null);
            }}
          >
            {t(item === 'email' ? 'reset_by_email' : 'reset_by_sms')}
          </button>
        ))}
      </div>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        {channel === 'email' ? (
          <>
            <Field
              label={t('auth_username')}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <Field
              label={t('reset_email')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
          </>
        ) : (
          <div className="auth-field-row">
            <DialingCodeSelect value={dialingCode} onChange={setDialingCode} />
            <Field
              label={t('auth_mobile')}
              name="mobileNum"
              type="tel"
              value={mobileNum}
              onChange={(event) => setMobileNum(event.currentTarget.value)}
            />
          </div>
        )}
        {codeSent && (
          <>
            <Field
              label={t('verification_code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Field
              label={t('auth_new_password')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
            />
          </>
        )}
        {error && (
          <p className="auth-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {codeSent ? t('reset_title') : t('auth_send_code')}
        </button>
      </form>
    </section>
  );
}
