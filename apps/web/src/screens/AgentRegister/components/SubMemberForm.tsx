import { useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { createSubAccount } from '@/api/endpoints/referral';
import { handleError } from '@/features/apiErrors';
import {
  AppForm,
  Field,
  FormMessageLine,
  PasswordPair,
  confirmationMessage,
  newPasswordMessage,
  normalizeUsername,
  usernameMessage,
  usernameRules,
  type FormMessage,
  useFieldMessages,
  formFailureFor,
} from '@/ui/form';
import { useT } from '@/i18n/I18nProvider';
import { showToast } from '@/ui/notices';
import { useSettings } from '@/state/settings';
import { AgeTermsFields, NO_AGE_TERMS, useAgeTerms } from '@/features/session';

/**
 * An agent creates a sub-member directly: the registration's username and password rules (the form
 * kit), checked again by the server, which hashes the password as every member's. The agent attests
 * the member's age and acceptance of the terms as the merchant's profile asks (issue 29).
 */
export function SubMemberForm({ onCreated }: { onCreated: (account: string) => void }) {
  const { t } = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const ageTerms = useAgeTerms(useSettings());
  const messages = useFieldMessages(
    {
      username: usernameMessage(username),
      password: newPasswordMessage(password),
      confirm: confirmationMessage(password, confirm),
      ...ageTerms.checks,
    },
    { username, password, confirm, ...ageTerms.values },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    if (!messages.submit()) return;
    setBusy(true);
    try {
      const created = await createSubAccount(normalizeUsername(username), password, ageTerms.attestation);
      setUsername('');
      setPassword('');
      setConfirm('');
      ageTerms.setValue(NO_AGE_TERMS);
      messages.reset();
      showToast('agent-sub-created', { key: 'agent_sub_created', params: { account: created.account } });
      onCreated(created.account);
    } catch (caught) {
      const error = caught instanceof WpsError ? caught : null;
      if (error) ageTerms.afterFailure(error);
      const failure = error && formFailureFor(error, 'register');
      if (failure) {
        const placed = messages.showServer(failure.fields);
        if (failure.form) setFormMessage(failure.form);
        else if (!placed) setFormMessage({ key: 'auth_request_invalid' });
      } else if (error) {
        handleError(error);
      } else {
        setFormMessage({ key: 'unknown_error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="share-card" aria-labelledby="agent-create">
      <h2 id="agent-create" className="share-card-title">
        {t('agent_create_title')}
      </h2>
      <AppForm onSubmit={submit} busy={busy}>
        <Field
          label={t('auth_username')}
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          value={username}
          error={messages.message('username')}
          rules={usernameRules(username)}
          onChange={(event) => setUsername(event.currentTarget.value)}
          onBlur={() => messages.leave('username')}
        />
        <PasswordPair
          label="auth_password"
          name="password"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          passwordMessage={messages.message('password')}
          confirmMessage={messages.message('confirm')}
          onPasswordLeave={() => messages.leave('password')}
          onConfirmLeave={() => messages.leave('confirm')}
        />
        {ageTerms.rules && (
          <AgeTermsFields
            rules={ageTerms.rules}
            value={ageTerms.value}
            onChange={ageTerms.setValue}
            errors={{ age: messages.message('age'), terms: messages.message('terms') }}
            forMember
          />
        )}
        <FormMessageLine message={formMessage} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('agent_create_submit')}
        </button>
      </AppForm>
    </section>
  );
}
