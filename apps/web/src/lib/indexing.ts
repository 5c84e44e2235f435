import { INDEXABLE_PATHS } from '@wps/contract/routes';

export interface IndexingInput {
  /** The page's host, as in `location.host` (a port is ignored). */
  host: string;
  /** The merchant's main host from the settings. */
  mainHost: string;
  pathname: string;
}

const MAX_INDEXABLE_SLASHES = 2;

/** Host name without port, lower-case; IPv6 brackets kept so `[::1]:80` and `[::1]` compare equal. */
function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const ipv6 = /^(\[[^\]]*\])/.exec(trimmed);
  if (ipv6?.[1]) return ipv6[1];
  return trimmed.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * Search engines may index only the listed public paths (exact, case-sensitive: other spellings are
 * duplicates), with at most 2 slashes, and only on the merchant's main host (spec section 2).
 */
export function isIndexable({ host, mainHost, pathname }: IndexingInput): boolean {
  const main = hostName(mainHost);
  if (main === '' || hostName(host) !== main) return false;
  const slashes = pathname.split('/').length - 1;
  return slashes <= MAX_INDEXABLE_SLASHES && INDEXABLE_PATHS.includes(pathname);
}

/** One `<meta name="robots" content="noindex">` when the page must not be indexed, none otherwise. */
export function applyRobots(doc: Document, indexable: boolean): void {
  const existing = Array.from(doc.head.querySelectorAll<HTMLMetaElement>('meta[name="robots"]'));
  if (indexable) {
    for (const meta of existing) meta.remove();
    return;
  }
  const [meta = doc.createElement('meta'), ...duplicates] = existing;
  for (const duplicate of duplicates) duplicate.remove();
  meta.name = 'robots';
  meta.content = 'noindex';
  if (!meta.isConnected) doc.head.append(meta);
}
