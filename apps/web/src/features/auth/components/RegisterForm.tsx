import { useState, type FormEvent } from 'react';
import type { CaptchaProofResult } from '@/api/endpoints/accounts';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { submitRegistration } from '@/features/auth/authFlow';
import { captchaRequired } from '@/features/auth/captcha';
import { useDialingCode } from '@/features/auth/hooks/useDefaultDialingCode';
import { currentRegistrationContext } from '@/features/auth/registrationContext';
import {
  buildRegistrationPayload,
  type RegistrationForm as FormValues,
} from '@/features/auth/registrationPayload';
import { Field } from './Field';
import { MobileCodeFields } from './MobileCodeFields';
import { SliderCaptcha } from './SliderCaptcha';
import { MethodTabs } from './MethodTabs';

type Mode = 'username' | 'mobile';

interface Errors {
  username?: string;
  password?: string;
  confirm?: string;
  mobileNum?: string;
  smsCode?: string;
  captcha?: string;
}

/** Registration by username and password, or by mobile number and SMS code (MOBILENUMREG3). */
export function RegisterForm({ onSuccess }: { onSuccess: (destination: string | null) => void }) {
  const { t } = useT();
  const flags = useSettings()?.whitelabelVal;
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
  const [errors, setErrors] = useState<Errors>({});
  const [proof, setProof] = useState<CaptchaProofResult | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const asksPassword = mode === 'username' || mobilePassword;
  // Mobile registration spends the captcha on the SMS request when SMSCAPTCHA3 is on.
  const captchaForSubmit = needsCaptcha && !(mode === 'mobile' && smsCaptcha);
  const showCaptcha = needsCaptcha || (mode === 'mobile' && smsCaptcha);

  const validate = (): Errors => {
    const found: Errors = {};
    const required = t('auth_required');
    if (mode === 'username' && !username.trim()) found.username = required;
    if (mode === 'mobile') {
      if (!mobileNum.trim()) found.mobileNum = required;
      if (!smsCode.trim()) found.smsCode = required;
    }
    if (asksPassword) {
      if (!password) found.password = required;
      else if (password !== confirm) found.confirm = t('auth_password_mismatch');
    }
    if (captchaForSubmit && !proof) found.captcha = t('captcha_failed');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const form: FormValues =
      mode === 'username'
        ? { kind: 'username', username: username.trim(), password }
        : {
            kind: 'mobile',
            countryDialingCode: dialingCode,
            mobileNum: mobileNum.trim(),
            smsCode: smsCode.trim(),
            password: mobilePassword ? password : null,
          };
    const payload = buildRegistrationPayload(
      form,
      currentRegistrationContext(),
      captchaForSubmit && proof ? proof : {},
    );
    setBusy(true);
    const outcome = await submitRegistration(payload, mode === 'mobile');
    setBusy(false);
    if (outcome.status === 'success') onSuccess(outcome.destination);
    else if (outcome.status === 'failed' && needsCaptcha) {
      // Failure clears and reloads the captcha (spec section 4).
      setProof(null);
      setCaptchaKey((key) => key + 1);
    }
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
            setErrors({});
          }}
        />
      )}
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {mode === 'username' ? (
          <Field
            label={t('auth_username')}
            name="username"
            autoComplete="username"
            value={username}
            error={errors.username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
        ) : (
          <>
            <MobileCodeFields
              dialingCode={dialingCode}
              onDialingCodeChange={setDialingCode}
              mobileNum={mobileNum}
              onMobileNumChange={setMobileNum}
              code={smsCode}
              onCodeChange={setSmsCode}
              errors={{ mobileNum: errors.mobileNum, code: errors.smsCode }}
              purpose="register"
              smsNeedsProof={smsCaptcha}
              proof={proof}
              onCodeSent={() => setCaptchaKey((key) => key + 1)}
            />
          </>
        )}
        {asksPassword && (
          <>
            <Field
              label={t('auth_password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
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
          </>
        )}
        {showCaptcha && <SliderCaptcha onChange={setProof} resetKey={captchaKey} />}
        {errors.captcha && (
          <p className="auth-error" role="alert">
            {errors.captcha}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('nav_register')}
        </button>
      </form>
    </>
  );
}
