import { AD_TRACKING_PARAMS } from '@wps/contract/routes';
import {
  MAX_PARAM_VALUE_LENGTH,
  collectKeptParams,
  readQueryToken,
  safeGoTarget,
  stripSensitiveParams,
} from '@/lib/navigation';
import { StorageKey, localStore, readFlag, sessionStore, writeFlag } from './storage';

/**
 * What the arrival URL tells us (spec section 2, "Query parameters read on arrival"), stored once at
 * start. Attribution (registration info, ad-tracking ids, tid) is kept in local storage so it still
 * counts when the visitor registers days later; launch facts (home screen, full screen, service-worker
 * target, kept parameters) belong to this visit and go to session storage.
 */

export interface RegistrationInfo {
  affiliateCode: string;
  referralCode: string;
  /** The host with its first label replaced by the affiliate code. */
  originalDomain: string;
}

export type AdTrackingField = (typeof AD_TRACKING_PARAMS)[keyof typeof AD_TRACKING_PARAMS];
export type AdTrackingInfo = Partial<Record<AdTrackingField, string>>;

export interface Arrival {
  token: string | null;
  /** The arrival path, query and hash without credentials: for `history.replaceState`. */
  cleanUrl: string;
}

/** Affiliate and referral codes: the affiliate code also becomes a DNS label of originalDomain. */
const CODE = /^[A-Za-z0-9_-]{1,63}$/;
const UNSAFE_VALUE = /[\s\p{Cc}\p{Cf}]/u;
const OFF_VALUES = ['0', 'false'];

function codeOrNull(value: string | null): string | null {
  return value !== null && CODE.test(value) ? value : null;
}

/** An identifier we are willing to store: non-empty, short, no whitespace or control characters. */
function cleanValue(value: string | null): string | null {
  return value && value.length <= MAX_PARAM_VALUE_LENGTH && !UNSAFE_VALUE.test(value) ? value : null;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

function isRegistrationInfo(value: unknown): value is RegistrationInfo {
  return (
    isStringRecord(value) && ['affiliateCode', 'referralCode', 'originalDomain'].every((key) => key in value)
  );
}

/** `www.site.example` + `aff1` → `aff1.site.example`. IP addresses and one-label hosts stay as they are. */
export function originalDomainFor(hostname: string, affiliateCode: string | null): string {
  const isIpAddress = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  const firstDot = hostname.indexOf('.');
  if (!affiliateCode || isIpAddress || firstDot < 0) return hostname;
  return `${affiliateCode}${hostname.slice(firstDot)}`;
}

function storeRegistrationInfo(params: URLSearchParams, hostname: string): void {
  const affiliateCode = codeOrNull(params.get('affiliateCode'));
  const referralCode = codeOrNull(params.get('referralCode')) ?? codeOrNull(params.get('r'));
  // A new link replaces the whole attribution: mixing codes of two links would credit neither right.
  if (affiliateCode === null && referralCode === null) return;
  const info: RegistrationInfo = {
    affiliateCode: affiliateCode ?? '',
    referralCode: referralCode ?? '',
    originalDomain: originalDomainFor(hostname, affiliateCode),
  };
  localStore.setJSON(StorageKey.registrationInfo, info);
}

function storeAdTrackingInfo(params: URLSearchParams): void {
  const info: AdTrackingInfo = {};
  for (const [param, field] of Object.entries(AD_TRACKING_PARAMS)) {
    const value = cleanValue(params.get(param));
    if (value !== null) info[field] = value;
  }
  if (Object.keys(info).length > 0) localStore.setJSON(StorageKey.adTrackingInfo, info);
}

function storeLaunchFlags(params: URLSearchParams): void {
  const homescreen = params.get('homescreen');
  if (homescreen !== null) writeFlag(sessionStore, StorageKey.homescreen, !OFF_VALUES.includes(homescreen));
  const fullscreen = params.get('fullscreen');
  if (fullscreen) writeFlag(sessionStore, StorageKey.fullscreenDisabled, fullscreen === '0');
}

/** `from` as a same-origin /m/ path; an absolute URL is accepted only on our own origin. */
function swTargetFrom(from: string | null, arrival: URL): string | null {
  if (!from) return null;
  if (!/^[a-z][a-z\d+.-]*:/i.test(from)) return safeGoTarget(from);
  try {
    const absolute = new URL(from);
    if (absolute.origin !== arrival.origin) return null;
    return safeGoTarget(`${absolute.pathname}${absolute.search}${absolute.hash}`);
  } catch {
    return null;
  }
}

/** Reads and stores the arrival parameters. Run once at start, before `currentEnvironment()`. */
export function readArrival(url: URL): Arrival {
  const params = url.searchParams;
  storeRegistrationInfo(params, url.hostname);
  storeAdTrackingInfo(params);
  storeLaunchFlags(params);
  const swTarget = swTargetFrom(params.get('from'), url);
  if (swTarget !== null) sessionStore.setString(StorageKey.swTargetUrl, swTarget);
  const tid = cleanValue(params.get('tid'));
  if (tid !== null) localStore.setString(StorageKey.tid, tid);
  sessionStore.setJSON(StorageKey.trackingParams, collectKeptParams(url.search, getStoredKeptParams()));
  return {
    token: readQueryToken(url.search),
    cleanUrl: stripSensitiveParams(`${url.pathname}${url.search}${url.hash}`),
  };
}

export function getRegistrationInfo(): RegistrationInfo | null {
  return localStore.getJSON(StorageKey.registrationInfo, isRegistrationInfo);
}

export function getAdTrackingInfo(): AdTrackingInfo | null {
  return localStore.getJSON(StorageKey.adTrackingInfo, isStringRecord);
}

/** The kept tracking and referral parameters of this visit (see `collectKeptParams`). */
export function getStoredKeptParams(): Record<string, string> {
  return sessionStore.getJSON(StorageKey.trackingParams, isStringRecord) ?? {};
}

export function getStoredTid(): string | null {
  return cleanValue(localStore.getString(StorageKey.tid));
}

export function getSwTargetUrl(): string | null {
  return safeGoTarget(sessionStore.getString(StorageKey.swTargetUrl));
}

export function isFullscreenDisabled(): boolean {
  return readFlag(sessionStore, StorageKey.fullscreenDisabled);
}

export function isHomescreenLaunch(): boolean {
  return readFlag(sessionStore, StorageKey.homescreen);
}
