import { pageMerchantCode } from '@/platform/pageMerchant';
import { getStoredMerchantCode } from './preferences';
import { currentSettings, useSettings } from './settings';

/** The page's code, read once: the server writes it for the host and it does not change. */
let page: string | null | undefined;

function fromPage(): string | null {
  page ??= typeof document === 'undefined' ? null : pageMerchantCode(document);
  return page;
}

/**
 * The merchant code of this visit, read one way everywhere (the `Merchant` header, the data scope of
 * the queries, the support chat's member id, remembered credentials, the popup's memory): the code the
 * server wrote into the page, else the one of the merchant's settings, else the one stored by the last
 * visit; null until one is known (the server then goes by host).
 */
export function getMerchantCode(): string | null {
  return fromPage() ?? currentSettings()?.merchantCode ?? getStoredMerchantCode();
}

/** `getMerchantCode` for a component: renders again when the settings name the merchant. */
export function useMerchantCode(): string | null {
  const settings = useSettings();
  return fromPage() ?? settings?.merchantCode ?? getStoredMerchantCode();
}
