import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { LoginVerifyRequired, SecondFactorMethod } from '@wps/contract/accounts';
import { useId, useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { useT } from '@/i18n/I18nProvider';
import type { MessageKey } from '@/i18n';
import { submitLoginVerification, type LoginOptions } from '@/features/session/authFlow';
import { handleError } from '@/features/apiErrors';
import { Modal } from '@/ui/Modal';
import { AppForm, Field } from '@/ui/form';

const METHOD_LABEL: Record<SecondFactorMethod, MessageKey> = {
  email: 'two_factor_email',
  ga: 'two_factor_ga',
  sms: 'two_factor_sms',
  recovery: 'two_factor_recovery',
};

interface SecondFactorDialogProps {
  required: LoginVerifyRequired;
  /** What the first step sent; null after a passkey. */
  payload: LoginPayload | null;
  options: LoginOptions;
  onDone: (destination: string) => void;
  onCancel: () => void;
}

/** The second-factor dialog of a `login_verify_required` answer: completing it completes the login. */
export function SecondFactorDialog({
  required,
  payload,
  options,
  onDone,
  onCancel,
}: SecondFactorDialogProps) {
  const { t } = useT();
  const groupId = useId();
  const [method, setMethod] = useState<SecondFactorMethod>(required.methods[0] ?? 'ga');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (submitted: string) => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await submitLoginVerification(
        { verifyToken: required.verifyToken, method, code: submitted },
        payload,
        options,
      );
      if (outcome.status === 'success') onDone(outcome.destination);
      else setSentTo((method === 'email' ? required.maskedEmail : required.maskedMobile) ?? '');
    } catch (caught) {
      // A break that runs (issue 29) is said by its own notice, with where to get help.
      if (caught instanceof WpsError && caught.errorCode === 'rg_break_active') {
        handleError(caught);
        onCancel();
        return;
      }
      setError(
        caught instanceof WpsError && caught.serverMessage ? caught.serverMessage : t('unknown_error'),
      );
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('auth_required'));
      return;
    }
    void run(code.trim());
  };

  return (
    <Modal
      title={t('two_factor_title')}
      titleClassName="screen-title"
      onClose={onCancel}
      className="auth-dialog"
    >
      <AppForm onSubmit={submit}>
        {required.methods.length > 1 && (
          <fieldset>
            <legend id={groupId}>{t('two_factor_method')}</legend>
            {required.methods.map((item) => (
              <label key={item} className="auth-check">
                <input
                  type="radio"
                  name="two-factor-method"
                  value={item}
                  checked={method === item}
                  onChange={() => {
                    setMethod(item);
                    setSentTo(null);
                  }}
                />
                {t(METHOD_LABEL[item])}
              </label>
            ))}
          </fieldset>
        )}
        {(method === 'email' || method === 'sms') && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void run('')}
          >
            {t('auth_send_code')}
          </button>
        )}
        {sentTo !== null && (
          <p className="auth-hint" role="status">
            {t('two_factor_sent_to', { destination: sentTo })}
          </p>
        )}
        <Field
          label={t(METHOD_LABEL[method])}
          name="code"
          inputMode={method === 'recovery' ? 'text' : 'numeric'}
          autoComplete={method === 'recovery' ? 'off' : 'one-time-code'}
          value={code}
          error={error}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <div className="auth-links">
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('confirm')}
          </button>
        </div>
      </AppForm>
    </Modal>
  );
}
