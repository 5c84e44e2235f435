import { isWpsFailure, type WpsResponse } from '@wps/contract';

/**
 * The one HTTP client for /wps. This is its first cut (headers, envelope, time-out); the transport
 * issue adds the rate limiter, concurrency queue, expiring cache, encryption and the error catalogue
 * here, so no screen ever calls fetch for /wps itself.
 */

export class WpsError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly data: unknown;

  constructor(status: number, errorCode: string, message: string, data?: unknown) {
    super(message);
    this.name = 'WpsError';
    this.status = status;
    this.errorCode = errorCode;
    this.data = data;
  }
}

/** Failure with no answer from the server at all (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR = 'network_error';
export const TIMEOUT_ERROR = 'timeout';

export interface RequestContext {
  merchantCode: () => string | null;
  language: () => string;
}

let context: RequestContext = { merchantCode: () => null, language: () => 'EN' };

/** The app wires the stores the headers come from; kept as a setter so this module imports no state. */
export function configureClient(next: RequestContext): void {
  context = next;
}

export interface GetOptions {
  query?: Record<string, string | number | boolean | undefined>;
  timeoutMs?: number;
  noCache?: boolean;
}

export function buildUrl(path: string, query: GetOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function wpsGet<T>(path: string, options: GetOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Language: context.language() };
  const merchant = context.merchantCode();
  if (merchant) headers.Merchant = merchant;
  if (options.noCache) headers['Cache-Control'] = 'no-cache';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      headers,
      credentials: 'include',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      cache: options.noCache ? 'no-store' : 'default',
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new WpsError(0, timedOut ? TIMEOUT_ERROR : NETWORK_ERROR, timedOut ? 'timeout' : 'network error');
  }
  return readEnvelope<T>(response);
}

async function readEnvelope<T>(response: Response): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new WpsError(response.status, 'invalid_response', `HTTP ${response.status}`);
  }
  if (isWpsFailure(body)) throw new WpsError(response.status, body.errorCode, body.message, body.data);
  const envelope = body as WpsResponse<T>;
  if (!response.ok || envelope.success !== true) {
    throw new WpsError(response.status, 'invalid_response', `HTTP ${response.status}`);
  }
  return envelope.value;
}
