import type { FetchLike } from '@/api/request';

/** Test support: a fetch that records each request and answers through `respond`. Not bundled. */

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  init: RequestInit;
}

export type Responder = (
  request: RecordedRequest,
  signal: AbortSignal | undefined,
) => Promise<Response> | Response;

export function fakeFetch(respond: Responder = () => ok(null)): {
  fetch: FetchLike;
  calls: RecordedRequest[];
} {
  const calls: RecordedRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? init.body : undefined,
      init,
    };
    calls.push(request);
    return respond(request, init.signal ?? undefined);
  };
  return { fetch, calls };
}

export function ok(value: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: true, value }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function failure(status: number, errorCode: string, message = '', data?: unknown): Response {
  return new Response(
    JSON.stringify({ success: false, errorCode, message, ...(data === undefined ? {} : { data }) }),
    {
      status,
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

/** A response that never arrives; rejects with an AbortError when the request is aborted. */
export function never(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener(
      'abort',
      () => reject(new DOMException('The operation was aborted.', 'AbortError')),
      {
        once: true,
      },
    );
  });
}

/** What `fetch` answers for a redirect when `redirect: 'manual'`: an opaque redirect. */
export function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  Object.defineProperty(response, 'ok', { value: false });
  return response;
}
