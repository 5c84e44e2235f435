import { WALLET_EVENTS_PATH } from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import { clientContext } from '@/api/context';
import { buildHeaders } from '@/api/headers';
import { isBalanceView } from './balance';

/**
 * The balance stream (server-sent events, issue 28 item 2) read with fetch, so the token travels in
 * the Authorization header and never in a URL (EventSource cannot send headers). A dropped stream
 * reconnects with growing pauses; a refused session (401/403) or `stop()` ends it for good.
 */

/** Pauses before reconnecting, by failed attempt; the last one repeats. Jittered by up to a quarter. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export interface BalanceStreamOptions {
  token: string;
  onBalance: (balance: BalanceView) => void;
  fetchImpl?: typeof fetch;
  random?: () => number;
}

export interface BalanceStream {
  stop: () => void;
  /** Reconnect now if the stream is waiting to (the tab became visible again). */
  wake: () => void;
}

/** Splits the text received so far into complete events (blank-line separated); the rest waits. */
export function takeEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return data.length === 0 ? [] : [{ event, data: data.join('\n') }];
  });
  return { events, rest };
}

export function openBalanceStream(options: BalanceStreamOptions): BalanceStream {
  const fetchImpl = options.fetchImpl ?? fetch.bind(globalThis);
  const random = options.random ?? Math.random;
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = () => {
    if (stopped) return;
    const base = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
    failures += 1;
    timer = setTimeout(connect, base + Math.floor(random() * base * 0.25));
  };

  async function read(response: Response): Promise<void> {
    const body = response.body;
    if (body === null) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done || stopped) return;
      buffer += decoder.decode(value, { stream: true });
      const { events, rest } = takeEvents(buffer);
      buffer = rest;
      for (const event of events) {
        if (event.event !== 'balance') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          continue;
        }
        if (!isBalanceView(parsed)) continue;
        failures = 0;
        options.onBalance(parsed);
      }
    }
  }

  function connect(): void {
    timer = null;
    if (stopped) return;
    controller = new AbortController();
    const context = clientContext();
    const headers = buildHeaders({
      path: WALLET_EVENTS_PATH,
      sessionToken: options.token,
      merchantCode: context.merchantCode(),
      language: context.language(),
      userAgent: context.userAgent(),
    });
    headers.Accept = 'text/event-stream';
    fetchImpl(WALLET_EVENTS_PATH, {
      headers,
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'same-origin',
    })
      .then(async (response) => {
        // The session is gone: reconnecting would only be refused again.
        if (response.status === 401 || response.status === 403) {
          stopped = true;
          return;
        }
        if (response.ok) await read(response);
        schedule();
      })
      .catch(() => schedule());
  }

  connect();
  return {
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      controller?.abort();
    },
    wake: () => {
      if (stopped || timer === null) return;
      clearTimeout(timer);
      connect();
    },
  };
}
