import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { submitRegistration } from '@/features/session/authFlow';
import { captchaRequired } from '@/features/session/captcha';
import {
  confirmationMessage,
  newPasswordMessage,
  normalizeUsername,
  requiredMessage,
  mobileNumberMessage,
  nationalNumber,
  usernameMessage,
  usernameRules,
  type FormMessage,
  useDialingCode,
  useFieldMessages,
  AppForm,
  Field,
  FormMessageLine,
  MethodTabs,
  PasswordPair,
} from '@/ui/form';
import { useCaptchaProof } from '@/features/session/useCaptchaProof';
import { currentRegistrationContext } from '@/features/session/registrationContext';
import {
  buildRegistrationPayload,
  type RegistrationForm as FormValues,
} from '@/features/session/registrationPayload';
import { clearPendingBind, currentPendingBind, registrationFieldsOf } from '@/features/session/pendingBind';
import { CaptchaProof } from './CaptchaProof';
import { AgeTermsFields } from './AgeTermsFields';
import { useAgeTerms } from '@/features/session/useAgeTerms';
import { MobileCodeFields } from './MobileCodeFields';

type Mode = 'username' | 'mobile';

/**
 * Registration by username and password, or by mobile number and SMS code (MOBILENUMREG3). The
 * username and password rules show before submitting and are checked as the member types; the
 * server's refusals come back as translated messages under their fields.
 */
export function RegisterForm({ onSuccess }: { onSuccess: (destination: string | null) => void }) {
  const { t } = useT();
  const settings = useSettings();
  const flags = settings?.whitelabelVal;
  const ageTerms = useAgeTerms(settings);
  const mobileAllowed = Boolean(flags?.MOBILENUMREG3);
  const mobilePassword = Boolean(flags?.MOBILENUMPWD3);
  const needsCaptcha = flags ? captchaRequired('register', flags) : false;
  const smsCaptcha = flags ? captchaRequired('sms', flags) : false;
  const [mode, setMode] = useState<Mode>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [dialingCode, setDialingCode] = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const captcha = useCaptchaProof();
  const [busy, setBusy] = useState(false);
  const asksPassword = mode === 'username' || mobilePassword;
  // Mobile registration spends the captcha on the SMS request when SMSCAPTCHA3 is on.
  const captchaForSubmit = needsCaptcha && !(mode === 'mobile' && smsCaptcha);
  const showCaptcha = needsCaptcha || (mode === 'mobile' && smsCaptcha);

  const messages = useFieldMessages(
    {
      username: mode === 'username' ? usernameMessage(username) : null,
      password: asksPassword ? newPasswordMessage(password) : null,
      confirm: asksPassword ? confirmationMessage(password, confirm) : null,
      mobileNum: mode === 'mobile' ? mobileNumberMessage(mobileNum, dialingCode) : null,
      code: mode === 'mobile' ? requiredMessage(smsCode) : null,
      ...ageTerms.checks,
    },
    { username, password, confirm, mobileNum, code: smsCode, ...ageTerms.values },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    const fieldsReady = messages.submit();
    const captchaReady = !captchaForSubmit || captcha.require();
    if (!fieldsReady || !captchaReady) return;
    const form: FormValues =
      mode === 'username'
        ? { kind: 'username', username: normalizeUsername(username), password }
        : {
            kind: 'mobile',
            countryDialingCode: dialingCode,
            mobileNum: nationalNumber(mobileNum, dialingCode) ?? '',
            smsCode: smsCode.trim(),
            password: mobilePassword ? password : null,
          };
    // A social sign-in waiting to be linked: its bind token (FIREBASECREATEACC3 on; spec section 5).
    const pending = currentPendingBind();
    const payload = buildRegistrationPayload(
      form,
      currentRegistrationContext(),
      captchaForSubmit && captcha.proof ? captcha.proof : {},
      registrationFieldsOf(pending),
      ageTerms.attestation,
    );
    setBusy(true);
    const outcome = await submitRegistration(payload, mode === 'mobile');
    setBusy(false);
    if (outcome.status === 'success') {
      if (pending) clearPendingBind();
      onSuccess(outcome.destination);
      return;
    }
    if (outcome.status !== 'failed') return;
    ageTerms.afterFailure(outcome.error);
    if (outcome.failure && !messages.showServer(outcome.failure.fields))
      setFormMessage({ key: 'auth_request_invalid' });
    // A pass the server has not spent (a taken username, a refused password) stays solved.
    if (needsCaptcha) captcha.afterFailure(outcome.error, 'register');
  };

  return (
    <>
      {mobileAllowed && (
        <MethodTabs
          label={t('page_register')}
          methods={['username', 'mobile'] as const}
          current={mode}
          onSelect={(method) => {
            setMode(method);
            messages.reset();
            setFormMessage(null);
          }}
        />
      )}
      <AppForm onSubmit={submit} busy={busy}>
        {mode === 'username' ? (
          <Field
            label={t('auth_username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            error={messages.message('username')}
            rules={usernameRules(username)}
            onChange={(event) => setUsername(event.currentTarget.value)}
            onBlur={() => messages.leave('username')}
          />
        ) : (
          <MobileCodeFields
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            mobileNum={mobileNum}
            onMobileNumChange={setMobileNum}
            onMobileNumLeave={() => messages.leave('mobileNum')}
            code={smsCode}
            onCodeChange={setSmsCode}
            errors={{
              mobileNum: messages.message('mobileNum') ?? undefined,
              code: messages.message('code') ?? undefined,
            }}
            purpose="register"
            smsNeedsProof={smsCaptcha}
            proof={captcha.proof}
            onCodeSent={captcha.spent}
          />
        )}
        {asksPassword && (
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
        )}
        {ageTerms.rules && (
          <AgeTermsFields
            rules={ageTerms.rules}
            value={ageTerms.value}
            onChange={ageTerms.setValue}
            errors={{ age: messages.message('age'), terms: messages.message('terms') }}
          />
        )}
        {showCaptcha && <CaptchaProof captcha={captcha} />}
        <FormMessageLine message={formMessage} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('nav_register')}
        </button>
      </AppForm>
    </>
  );
}
