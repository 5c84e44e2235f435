import { MERCHANT_CODE_PATTERN, MERCHANT_META_NAME } from '@wps/contract/transport';

/** The merchant code the server wrote into the page for its host; null when absent or malformed. */
export function pageMerchantCode(doc: Document = document): string | null {
  const meta = doc.querySelector(`meta[name="${MERCHANT_META_NAME}"]`);
  const code = meta?.getAttribute('content')?.trim() ?? '';
  return MERCHANT_CODE_PATTERN.test(code) ? code : null;
}
