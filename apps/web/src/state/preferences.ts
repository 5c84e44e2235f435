import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  resolveLanguage,
} from '@wps/contract/languages';
import { MERCHANT_CODE_PATTERN } from '@wps/contract/transport';
import { StorageKey, localStore } from '@/platform/storage';

const MERCHANT_CODE = MERCHANT_CODE_PATTERN;

export function getStoredMerchantCode(): string | null {
  const code = localStore.getString(StorageKey.merchantCode);
  return code !== null && MERCHANT_CODE.test(code) ? code : null;
}

/** False when the code is malformed (nothing stored) or storage refused it. */
export function setStoredMerchantCode(code: string): boolean {
  return MERCHANT_CODE.test(code) && localStore.setString(StorageKey.merchantCode, code);
}

/** The stored interface language, or `fallback` when none is stored or it is not a known code. */
export function getStoredLanguage(fallback: LanguageCode = DEFAULT_LANGUAGE): LanguageCode {
  return resolveLanguage(localStore.getString(StorageKey.language), fallback);
}

/** The language the person picked themselves (stored by the picker), or null when none was picked. */
export function getChosenLanguage(): LanguageCode | null {
  const stored = localStore.getString(StorageKey.language);
  return stored !== null && isLanguageCode(stored) ? stored : null;
}

export function setStoredLanguage(code: LanguageCode): void {
  localStore.setString(StorageKey.language, code);
}
