import {
  getAdTrackingInfo,
  getRegistrationInfo,
  getStoredKeptParams,
  getStoredTid,
} from '@/platform/arrival';
import { currentClickIds } from '@/features/tracking';
import { getDeviceId, parseCookies } from '@/platform/deviceId';
import { currentEnvironment, registerMethodFor } from '@/platform/environment';
import { stripSensitiveParams } from '@/lib/navigation';
import { currentSettings } from '@/state/settings';
import { DEFAULT_MOBILE_REGISTRATION_PASSWORD } from './defaultPassword';
import { buildPixelTrack } from './pixelTrack';
import type { RegistrationContext } from './registrationPayload';

/** The registration context of this browser, visit and merchant. */
export function currentRegistrationContext(): RegistrationContext {
  const env = currentEnvironment();
  const info = getRegistrationInfo();
  // Click ids of earlier visits still within their lifetime, under this visit's kept parameters.
  const keptParams = { ...currentClickIds(), ...getStoredKeptParams() };
  const flags = currentSettings()?.whitelabelVal;
  const tid = getStoredTid();
  return {
    registerMethod: registerMethodFor(env),
    registerUrl: stripSensitiveParams(window.location.href),
    loginDeviceId: getDeviceId(),
    isOfficialAppLogin: env.isNativeApp,
    tid,
    affiliateCode: info?.affiliateCode || keptParams.affiliateCode || null,
    referralCode: info?.referralCode || keptParams.referralCode || null,
    domain: info?.originalDomain || window.location.hostname,
    pixelTrack: buildPixelTrack({ tid, keptParams, cookies: parseCookies(document.cookie) }),
    adTracking: getAdTrackingInfo(),
    firebaseCreateAccount: Boolean(flags?.FIREBASECREATEACC3),
    mobilePasswordRequired: Boolean(flags?.MOBILENUMPWD3),
    defaultMobilePassword: DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  };
}

/** loginDeviceId, isOfficialAppLogin and device of a login payload. */
export { loginDeviceFor } from '@/platform/environment';
