import { stripSensitiveParams } from '@/lib/navigation';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * The URL of a call: `path` (which may carry a query already) with `query` appended, null and
 * undefined values left out. Sensitive parameters (token, tokens, authorization) never survive:
 * every URL the client sends or logs comes from here.
 */
export function buildUrl(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  const joined = search === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${search}`;
  return stripSensitiveParams(joined);
}
