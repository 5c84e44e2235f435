import { DomainError } from '../../errors.js';

/** How the server reaches an identity provider: `fetch`'s shape, so tests and stand-ins plug in. */
export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>;

/** A provider's answers are small; anything longer is not one of them. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON object, or null when the body was not one. */
  body: Record<string, unknown> | null;
}

/**
 * One call to a provider: no redirects followed, a time-out, a bounded answer. A network failure, a
 * time-out, a 5xx or a 2xx that is not a JSON object is the provider being unavailable
 * (`service_unavailable`, 503: the member may try again); the caller judges 4xx answers itself. No
 * credential, URL or provider text goes into the error: the message names the provider only.
 */
export async function callProvider(
  fetchImpl: ProviderFetch,
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch {
    throw unavailable(provider);
  }
  if (response.status >= 500 || text.length > MAX_ANSWER_BYTES) throw unavailable(provider);
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      body = parsed as Record<string, unknown>;
    }
  } catch {
    body = null;
  }
  if (response.status < 300 && body === null) throw unavailable(provider);
  return { status: response.status, body };
}

export function unavailable(provider: string): DomainError {
  return new DomainError(
    'service_unavailable',
    `${provider} cannot be reached at the moment. Please try again shortly.`,
  );
}

/** `base` (no trailing slash) joined with an absolute path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

export function stringField(body: Record<string, unknown> | null, name: string): string | null {
  const value = body?.[name];
  return typeof value === 'string' ? value : null;
}

export function numberField(body: Record<string, unknown> | null, name: string): number | null {
  const value = body?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
