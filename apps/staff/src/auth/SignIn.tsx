import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { useSignIn } from './session';

const CODE = /^\d{6}$/;

/** User name, password and the authenticator's code; a refusal in words (the lock with its minutes). */
export function SignIn() {
  const signIn = useSignIn();
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const credentials = {
      username: text('username'),
      password: String(form.get('password') ?? ''),
      code: text('code'),
    };
    const complete =
      credentials.username !== '' && credentials.password !== '' && CODE.test(credentials.code);
    setMissing(!complete);
    if (complete) signIn.mutate(credentials);
  }

  const message = missing ? t('signin_required') : signIn.isError ? errorText(signIn.error) : null;
  return (
    <main className="signin">
      <form method="post" className="auth-form" onSubmit={submit} noValidate aria-busy={signIn.isPending}>
        <h1>{t('signin_title')}</h1>
        <Field label={t('signin_username')} name="username" autoComplete="username" required />
        <Field
          label={t('signin_password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Field
          label={t('signin_code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <button type="submit" className="button button-accent" disabled={signIn.isPending}>
          {t('signin_submit')}
        </button>
        {message && (
          <p className="auth-error" role="alert">
            {message}
          </p>
        )}
      </form>
    </main>
  );
}
