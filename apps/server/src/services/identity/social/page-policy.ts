import type { IdentityProviderName } from '../../../db/schema/index.js';
import { configFlag, configString } from './providers.js';

/** What a merchant's pages must be allowed to load for its sign-in providers (http/security.ts). */
export interface ProviderOrigins {
  script: string[];
  connect: string[];
  frame: string[];
}

/** A bare host name (the Firebase auth domain): anything else could widen the policy. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The origins the Firebase JS SDK uses from the page (its popup and redirect helpers load Google's
 * API loader and frame the project's auth domain; tokens come from Identity Toolkit and Secure
 * Token), and reCAPTCHA's for phone sign-in. A merchant on the local stand-in needs none (same
 * origin), nor does LINE (a redirect) or Telegram (a popup window, not a frame).
 */
export function providerOrigins(
  configs: Partial<Record<IdentityProviderName, Record<string, unknown>>>,
  standInsRunning: boolean,
): ProviderOrigins {
  const origins: ProviderOrigins = { script: [], connect: [], frame: [] };
  const firebase = configs.firebase;
  if (firebase === undefined || (standInsRunning && configFlag(firebase, 'standIn'))) return origins;
  const authDomain = configString(firebase, 'authDomain')?.toLowerCase() ?? null;
  if (authDomain === null || !HOST_NAME.test(authDomain)) return origins;
  origins.script.push('https://apis.google.com');
  origins.connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  origins.frame.push(`https://${authDomain}`);
  if (configFlag(firebase, 'phoneAuth')) {
    origins.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    origins.frame.push('https://www.google.com/recaptcha/');
  }
  return origins;
}
