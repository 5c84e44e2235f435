import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BalanceView } from '@wps/contract/money';
import { openBalanceStream, RECONNECT_DELAYS_MS, takeEvents } from './balanceStream';

const BALANCE: BalanceView = { currency: 'VND', cash: '200000', bonus: '0', held: '0' };

/** A response whose body is the given chunks, then (unless `open`) its end. */
function streamResponse(chunks: string[], status = 200, open = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!open) controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('takeEvents', () => {
  it.each<[string, { event: string; data: string }[], string]>([
    ['event: balance\ndata: {"a":1}\n\n', [{ event: 'balance', data: '{"a":1}' }], ''],
    ['event: balance\r\ndata: {"a":1}\r\n\r\n', [{ event: 'balance', data: '{"a":1}' }], ''],
    [': keep-alive\n\n', [], ''],
    [
      'data: x\n\nevent: balance\ndata: {"a"',
      [{ event: 'message', data: 'x' }],
      'event: balance\ndata: {"a"',
    ],
    ['data: one\ndata: two\n\n', [{ event: 'message', data: 'one\ntwo' }], ''],
    ['event: balance\n\n', [], ''],
  ])('%j', (buffer, events, rest) => {
    expect(takeEvents(buffer)).toEqual({ events, rest });
  });
});

describe('openBalanceStream', () => {
  it('sends the token in the Authorization header and passes on each balance, even split across chunks', async () => {
    const seen: BalanceView[] = [];
    const text = `event: balance\ndata: ${JSON.stringify(BALANCE)}\n\n`;
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(streamResponse([text.slice(0, 20), text.slice(20)], 200, true)),
    );
    const stream = openBalanceStream({ token: 'tok-1', onBalance: (b) => seen.push(b), fetchImpl });
    await vi.waitFor(() => expect(seen).toEqual([BALANCE]));
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/wps/wallet/events');
    expect(new Headers(init?.headers).get('Authorization')).toBe('tok-1');
    expect(String(url)).not.toContain('tok-1');
    stream.stop();
    expect(init?.signal?.aborted).toBe(true);
  });

  it.each([
    ['not JSON', 'event: balance\ndata: {oops\n\n'],
    ['a float', `event: balance\ndata: ${JSON.stringify({ ...BALANCE, cash: 1.5 })}\n\n`],
    ['NaN text', `event: balance\ndata: ${JSON.stringify({ ...BALANCE, cash: 'NaN' })}\n\n`],
    ['another event', `event: other\ndata: ${JSON.stringify(BALANCE)}\n\n`],
  ])('ignores %s', async (_name, text) => {
    const seen: BalanceView[] = [];
    const stream = openBalanceStream({
      token: 't',
      onBalance: (b) => seen.push(b),
      fetchImpl: () => Promise.resolve(streamResponse([text], 200, true)),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    stream.stop();
  });

  it('reconnects after a drop with growing pauses, and not at all once stopped', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('network')));
    const stream = openBalanceStream({ token: 't', onBalance: () => undefined, fetchImpl, random: () => 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1]);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('a refused session (401) ends the stream for good', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 401 })));
    openBalanceStream({ token: 't', onBalance: () => undefined, fetchImpl });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('wake() reconnects at once while waiting to', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('network')));
    const stream = openBalanceStream({ token: 't', onBalance: () => undefined, fetchImpl, random: () => 0 });
    await vi.advanceTimersByTimeAsync(0);
    stream.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    stream.stop();
  });
});
