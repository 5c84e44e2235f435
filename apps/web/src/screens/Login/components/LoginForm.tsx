import type { LoginPayload, LoginVerifyRequired } from '@wps/contract';
import { useState, type FormEvent } from 'react';
import type { CaptchaProofResult } from '@/api/endpoints/accounts';
import { submitLogin } from '@/features/auth/authFlow';
import { captchaRequired } from '@/features/auth/captcha';
import { Field } from '@/features/auth/components/Field';
import { SecondFactorDialog } from '@/features/auth/components/SecondFactorDialog';
import { SliderCaptcha } from '@/features/auth/components/SliderCaptcha';
import { MobileCodeFields } from '@/features/auth/components/MobileCodeFields';
import { useDialingCode } from '@/features/auth/hooks/useDefaultDialingCode';
import { useT } from '@/i18n/I18nProvider';
import { getDeviceId } from '@/platform/deviceId';
import { currentEnvironment, loginDeviceFor } from '@/platform/environment';
import { useSettings } from '@/state/settings';
import { MethodTabs } from '@/features/auth/components/MethodTabs';

type Mode = 'username' | 'sms';

interface LoginFormProps {
  go: string | null;
  onSuccess: (destination: string) => void;
}

interface Errors {
  username?: string;
  password?: string;
  mobileNum?: string;
  code?: string;
  captcha?: string;
}

/** Login by username and password, or by mobile number and SMS code where the merchant allows it. */
export function LoginForm({ go, onSuccess }: LoginFormProps) {
  const { t } = useT();
  const settings = useSettings();
  const flags = settings?.whitelabelVal;
  const mobileAllowed = Boolean(flags?.MOBILENUMREG3);
  const [mode, setMode] = useState<Mode>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [dialingCode, setDialingCode] = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [proof, setProof] = useState<CaptchaProofResult | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [verify, setVerify] = useState<{ required: LoginVerifyRequired; payload: LoginPayload } | null>(null);
  const [busy, setBusy] = useState(false);

  // The login pass (LOGINCAPTCHA3) and, for SMS login, the pass of the code request (SMSCAPTCHA3):
  // one slider, reloaded after each single-use pass is spent.
  const loginNeedsProof = flags ? captchaRequired('login', flags) : false;
  const smsNeedsProof = mode === 'sms' && flags ? captchaRequired('sms', flags) : false;
  const needsCaptcha = loginNeedsProof || smsNeedsProof;

  const validate = (): Errors => {
    const found: Errors = {};
    const required = t('auth_required');
    if (mode === 'username') {
      if (!username.trim()) found.username = required;
      if (!password) found.password = required;
    } else {
      if (!mobileNum.trim()) found.mobileNum = required;
      if (!code.trim()) found.code = required;
    }
    if (loginNeedsProof && !proof) found.captcha = required;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const env = currentEnvironment();
    const base = { loginDeviceId: getDeviceId(), isOfficialAppLogin: env.isNativeApp };
    const device = loginDeviceFor(env);
    const full: LoginPayload =
      mode === 'username'
        ? {
            ...base,
            type: 'username',
            username: username.trim(),
            password,
          }
        : {
            ...base,
            type: 'sms',
            isSms: true,
            countryDialingCode: dialingCode,
            mobileNum: mobileNum.trim(),
            password: code.trim(),
          };
    if (device) full.device = device;
    if (loginNeedsProof && proof) Object.assign(full, proof);
    setBusy(true);
    const outcome = await submitLogin(full, { go, remember });
    setBusy(false);
    if (outcome.status === 'success') onSuccess(outcome.destination);
    else if (outcome.status === 'verify') setVerify({ required: outcome.required, payload: outcome.payload });
    else if (outcome.status === 'failed') {
      setPassword('');
      if (needsCaptcha) {
        setProof(null);
        setCaptchaKey((key) => key + 1);
      }
    }
  };

  return (
    <>
      {mobileAllowed && (
        <MethodTabs
          label={t('auth_login_method')}
          methods={['username', 'sms'] as const}
          current={mode}
          onSelect={(method) => {
            setMode(method);
            setErrors({});
          }}
        />
      )}
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {mode === 'username' ? (
          <>
            <Field
              label={t('auth_username')}
              name="username"
              autoComplete="username"
              value={username}
              error={errors.username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <Field
              label={t('auth_password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </>
        ) : (
          <>
            <MobileCodeFields
              dialingCode={dialingCode}
              onDialingCodeChange={setDialingCode}
              mobileNum={mobileNum}
              onMobileNumChange={setMobileNum}
              code={code}
              onCodeChange={setCode}
              errors={{ mobileNum: errors.mobileNum, code: errors.code }}
              purpose="login"
              smsNeedsProof={smsNeedsProof}
              proof={proof}
              onCodeSent={() => setCaptchaKey((key) => key + 1)}
            />
          </>
        )}
        {needsCaptcha && <SliderCaptcha key={mode} onChange={setProof} resetKey={captchaKey} />}
        {errors.captcha && (
          <p className="auth-error" role="alert">
            {t('captcha_failed')}
          </p>
        )}
        <label className="auth-check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
          {t('auth_remember')}
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('nav_login')}
        </button>
      </form>
      {verify && (
        <SecondFactorDialog
          required={verify.required}
          payload={verify.payload}
          options={{ go, remember }}
          onDone={(destination) => {
            setVerify(null);
            onSuccess(destination);
          }}
          onCancel={() => setVerify(null)}
        />
      )}
    </>
  );
}
