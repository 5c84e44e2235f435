/**
 * A merchant's third-party chat script (issue 16, WPSCORE_getCustomerServiceScript): only an https
 * address without credentials, or a path of this site, is ever handed out or allowed by the CSP.
 */

const MAX_LENGTH = 512;
/** A path of this site: starts with one slash, no backslash, no scheme-relative `//`. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]*(?:\?[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$/;

export interface CsScript {
  src: string;
  /** The origin the page's CSP must allow; null for a path of this site ('self'). */
  origin: string | null;
}

export function customerServiceScript(configured: string | null | undefined): CsScript | null {
  if (typeof configured !== 'string') return null;
  const value = configured.trim();
  if (value === '' || value.length > MAX_LENGTH || /[\s\\]/.test(value)) return null;
  if (value.startsWith('/')) return SITE_PATH.test(value) ? { src: value, origin: null } : null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hash !== '') return null;
  return { src: url.href, origin: url.origin };
}

/** The script-src list with the merchant's chat script origin, when it has one. */
export function withCsScriptOrigin<T extends { script: string[] }>(
  lists: T,
  configured: string | null | undefined,
): T {
  const origin = customerServiceScript(configured)?.origin;
  if (!origin || lists.script.includes(origin)) return lists;
  return { ...lists, script: [...lists.script, origin] };
}
