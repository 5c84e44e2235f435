import { AppPath, AUTO_LOGIN_SUPPRESSING_PARAMS } from '@wps/contract/routes';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import { navigateTo } from '@/features/navigation';
import { getDeviceId } from '@/platform/deviceId';
import { currentEnvironment, loginDeviceFor } from '@/platform/environment';
import { StorageKey, localStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { getMerchantCode } from '@/state/merchant';
import { currentSettings } from '@/state/settings';
import { submitLogin } from './authFlow';
import { shouldAutoLogin } from './autoLogin';
import { credentialStore } from './rememberedCredentials';

let ran = false;

/** Auto-login once per page load, when the six conditions of spec section 4 hold. */
export async function runAutoLogin(): Promise<boolean> {
  if (ran) return false;
  ran = true;
  return attemptAutoLogin();
}

/** One auto-login attempt: true when it logged the member in. */
export async function attemptAutoLogin(): Promise<boolean> {
  const store = credentialStore();
  const peek = store.peek();
  const params = new URLSearchParams(window.location.search);
  const settings = currentSettings();
  const allowed = shouldAutoLogin({
    hasToken: Boolean(getSession()?.token),
    hasRedirectOrBackUrl: AUTO_LOGIN_SUPPRESSING_PARAMS.some((name) => params.has(name)),
    flagOn: Boolean(settings?.whitelabelVal.MOBILEAUTOLOGIN3),
    storedAutoLogin: localStore.getString(StorageKey.autoLogin),
    storedMerchant: peek?.merchant ?? null,
    currentMerchant: getMerchantCode(),
    credentialType: peek?.type ?? null,
  });
  if (!allowed) return false;
  const credentials = await store.load();
  if (!credentials?.username || !credentials.password) return false;
  const env = currentEnvironment();
  const payload: LoginPayload = {
    type: 'username',
    username: credentials.username,
    password: credentials.password,
    loginDeviceId: getDeviceId(),
    isOfficialAppLogin: env.isNativeApp,
  };
  const device = loginDeviceFor(env);
  if (device) payload.device = device;
  const outcome = await submitLogin(payload, {
    source: 'autoLogin',
    go: params.get('go'),
    remember: true,
    alertOnFailure: false,
    clearOnFailure: false,
  });
  if (outcome.status === 'failed') {
    const code = outcome.error.errorCode;
    if (code === ErrorCode.LOGIN_CRED_ERR || code === ErrorCode.NOT_EXISTS_USER) store.clear();
    return false;
  }
  const onLoginPage = window.location.pathname === AppPath.login;
  if (outcome.status === 'success' && (onLoginPage || outcome.destination === AppPath.changePassword)) {
    navigateTo(outcome.destination, { replace: true });
  }
  return outcome.status === 'success';
}
