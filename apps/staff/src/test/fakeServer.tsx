import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (value: unknown): FakeAnswer => ({ body: { success: true, value } });
export const refusal = (
  status: number,
  errorCode: string,
  message = errorCode,
  headers?: Record<string, string>,
) => ({
  status,
  body: { success: false, errorCode, message },
  ...(headers === undefined ? {} : { headers }),
});

export interface SeenCall {
  method: string;
  /** The path and query, as sent. */
  url: string;
  body: unknown;
}

/**
 * fetch answered by `answer` per "METHOD /path" (the query left out); what was asked is in `calls`.
 * An unknown call fails the test with a 500 the screen shows.
 */
export function fakeServer(
  answer: (method: string, path: string, body: unknown, url: string) => FakeAnswer | undefined,
) {
  const calls: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0] ?? url;
      const found =
        answer(method, path, body, url) ?? refusal(500, 'internal_error', `no fake for ${method} ${path}`);
      return new Response(JSON.stringify(found.body), {
        status: found.status ?? 200,
        headers: { 'content-type': 'application/json', ...found.headers },
      });
    }),
  );
  return calls;
}

/** Renders with a fresh query client (no retries, nothing kept between tests). */
export function renderWithQueries(element: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{element}</QueryClientProvider>) };
}
