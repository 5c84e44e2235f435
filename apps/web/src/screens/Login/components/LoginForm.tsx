import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { SocialErrorCode } from '@wps/contract/social';
import { useState, type FormEvent } from 'react';
import {
  submitLogin,
  captchaRequired,
  CaptchaProof,
  MobileCodeFields,
  PasskeySignIn,
  SecondFactorDialog,
  useCaptchaProof,
  clearPendingBind,
  currentPendingBind,
} from '@/features/session';
import {
  AppForm,
  Field,
  FormMessageLine,
  MethodTabs,
  loginPasswordMessage,
  loginUsernameMessage,
  normalizeUsername,
  requiredMessage,
  mobileNumberMessage,
  nationalNumber,
  type FormMessage,
  useDialingCode,
  useFieldMessages,
} from '@/ui/form';
import { useT } from '@/i18n/I18nProvider';
import { getDeviceId } from '@/platform/deviceId';
import { localStore } from '@/platform/storage';
import { currentEnvironment, loginDeviceFor } from '@/platform/environment';
import { useSettings } from '@/state/settings';
import { useAfterHydration } from '@/state/hydration';
import { firebasePhoneOn, SocialSignIn } from '@/features/socialSignIn';

type Mode = 'username' | 'sms';

interface LoginFormProps {
  go: string | null;
  onSuccess: (destination: string) => void;
}

const WRONG_CREDENTIALS: readonly string[] = [ErrorCode.LOGIN_CRED_ERR, ErrorCode.NOT_EXISTS_USER];

/** Login by username and password, or by mobile number and SMS code where the merchant allows it. */
export function LoginForm({ go, onSuccess }: LoginFormProps) {
  const { t } = useT();
  const settings = useSettings();
  const flags = settings?.whitelabelVal;
  // Firebase phone auth, where the merchant has it, is the mobile tab's SMS (issue 14).
  const firebasePhone = firebasePhoneOn(settings?.smsProvider);
  const mobileAllowed = Boolean(flags?.MOBILENUMREG3) || firebasePhone;
  const [mode, setMode] = useState<Mode>('username');
  // Until the member types, the field shows the last name that signed in here (read once hydrated: the
  // server renders it empty); a name typed before hydration reaches onChange and wins.
  const [typedName, setUsername] = useState<string | null>(null);
  const rememberedName = useAfterHydration(
    () => localStore.getString(LazyStorageKey.rememberedName) ?? '',
    '',
  );
  const username = typedName ?? rememberedName;
  const [password, setPassword] = useState('');
  const [dialingCode, setDialingCode] = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  // Remember me: stay signed in on this device (the session's token, never the password), off unless
  // ticked — a shared phone is the risky case. Offered where the merchant has auto-login.
  const rememberOffered = Boolean(flags?.MOBILEAUTOLOGIN3);
  const [rememberTicked, setRemember] = useState(false);
  const remember = rememberOffered && rememberTicked;
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const captcha = useCaptchaProof();
  const [verify, setVerify] = useState<{ required: LoginVerifyRequired; payload: LoginPayload } | null>(null);
  const [busy, setBusy] = useState(false);
  // The server asked for a captcha the merchant's flag does not (an account with many failures).
  const [captchaAsked, setCaptchaAsked] = useState(false);

  // The login pass (LOGINCAPTCHA3) and, for SMS login, the pass of the code request (SMSCAPTCHA3):
  // one slider, reloaded after each single-use pass is spent.
  const loginNeedsProof = (flags ? captchaRequired('login', flags) : false) || captchaAsked;
  const smsNeedsProof = mode === 'sms' && flags ? captchaRequired('sms', flags) : false;
  const needsCaptcha = loginNeedsProof || smsNeedsProof;

  const byName = mode === 'username';
  const messages = useFieldMessages(
    {
      username: byName ? loginUsernameMessage(username) : null,
      password: byName ? loginPasswordMessage(password) : null,
      mobileNum: byName ? null : mobileNumberMessage(mobileNum, dialingCode),
      code: byName ? null : requiredMessage(code),
    },
    { username, password, mobileNum, code },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    const fieldsReady = messages.submit();
    const captchaReady = !loginNeedsProof || captcha.require();
    if (!fieldsReady || !captchaReady) return;
    const env = currentEnvironment();
    const base = { loginDeviceId: getDeviceId(), isOfficialAppLogin: env.isNativeApp };
    const device = loginDeviceFor(env);
    const full: LoginPayload = byName
      ? { ...base, type: 'username', username: normalizeUsername(username), password }
      : {
          ...base,
          type: 'sms',
          isSms: true,
          countryDialingCode: dialingCode,
          mobileNum: nationalNumber(mobileNum, dialingCode) ?? '',
          password: code.trim(),
        };
    if (device) full.device = device;
    if (loginNeedsProof && captcha.proof) Object.assign(full, captcha.proof);
    // A social sign-in waiting to be linked goes with this login (docs/social-sign-in.md).
    const bindToken = currentPendingBind()?.bindToken;
    if (bindToken) full.bindToken = bindToken;
    setBusy(true);
    const outcome = await submitLogin(full, { go, remember });
    setBusy(false);
    if (outcome.status === 'success') {
      if (bindToken) clearPendingBind();
      onSuccess(outcome.destination);
    } else if (outcome.status === 'verify') {
      setVerify({ required: outcome.required, payload: outcome.payload });
      // The pass went with the first step; should the member cancel, a new puzzle waits.
      if (loginNeedsProof) captcha.spent();
    } else if (outcome.status === 'failed') {
      const { errorCode } = outcome.error;
      if (WRONG_CREDENTIALS.includes(errorCode)) setPassword('');
      if (
        errorCode === SocialErrorCode.BIND_TOKEN_INVALID ||
        errorCode === SocialErrorCode.SOCIAL_IDENTITY_TAKEN
      )
        clearPendingBind();
      if (errorCode === ErrorCode.CAPTCHA_REQUIRED) setCaptchaAsked(true);
      if (outcome.failure && !messages.showServer(outcome.failure.fields))
        setFormMessage({ key: 'auth_request_invalid' });
      if (needsCaptcha || errorCode === ErrorCode.CAPTCHA_REQUIRED)
        captcha.afterFailure(outcome.error, 'login');
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
            messages.reset();
            setFormMessage(null);
          }}
        />
      )}
      {!byName && firebasePhone ? (
        <SocialSignIn go={go} onSuccess={onSuccess} part="phone" />
      ) : (
        <AppForm onSubmit={submit} busy={busy}>
          {byName ? (
            <>
              <Field
                label={t('auth_username')}
                name="username"
                autoComplete="username webauthn"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                error={messages.message('username')}
                onChange={(event) => setUsername(event.currentTarget.value)}
                onBlur={() => messages.leave('username')}
              />
              <Field
                label={t('auth_password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={messages.message('password')}
                onChange={(event) => setPassword(event.currentTarget.value)}
                onBlur={() => messages.leave('password')}
              />
            </>
          ) : (
            <MobileCodeFields
              dialingCode={dialingCode}
              onDialingCodeChange={setDialingCode}
              mobileNum={mobileNum}
              onMobileNumChange={setMobileNum}
              onMobileNumLeave={() => messages.leave('mobileNum')}
              code={code}
              onCodeChange={setCode}
              errors={{
                mobileNum: messages.message('mobileNum') ?? undefined,
                code: messages.message('code') ?? undefined,
              }}
              purpose="login"
              smsNeedsProof={smsNeedsProof}
              proof={captcha.proof}
              onCodeSent={captcha.spent}
            />
          )}
          {needsCaptcha && <CaptchaProof key={mode} captcha={captcha} />}
          {rememberOffered && (
            <label className="auth-check">
              <input
                type="checkbox"
                name="remember"
                checked={rememberTicked}
                onChange={(event) => setRemember(event.currentTarget.checked)}
              />
              {t('auth_remember')}
            </label>
          )}
          <FormMessageLine message={formMessage} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('nav_login')}
          </button>
        </AppForm>
      )}
      <PasskeySignIn go={go} autofill={byName} remember={remember} onSuccess={onSuccess} />
      {verify && (
        <SecondFactorDialog
          required={verify.required}
          payload={verify.payload}
          options={{ go, remember }}
          onDone={(destination) => {
            setVerify(null);
            if (verify.payload.bindToken) clearPendingBind();
            onSuccess(destination);
          }}
          onCancel={() => setVerify(null)}
        />
      )}
    </>
  );
}
