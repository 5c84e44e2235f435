import { DEPOSIT_CONTENT_ID, TRACKED_MARKETING_EVENTS } from '@wps/contract/tracking';
import type { MarketingEvent } from '@wps/contract/schemas/tracking';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSafeStore } from '@/platform/storage';
import {
  BATCH_JSON_MAX_BYTES,
  EventDelivery,
  EventQueue,
  QUEUE_MAX,
  backoffMs,
  fittingBatch,
  beaconAllowed,
  buildPayload,
  iosMajorVersion,
  type DeliveryDeps,
} from './marketing';

const member = { customerId: '42', customerName: 'alice', currency: 'PHP' };

function event(id: string, name: MarketingEvent['name'] = 'login'): MarketingEvent {
  return { id, name, time: 1_700_000_000_000, payload: {} };
}

describe('buildPayload (spec section 3 payload)', () => {
  it.each(TRACKED_MARKETING_EVENTS)(
    '%s carries the member, the currency and content id 99 only on deposits',
    (name) => {
      const payload = buildPayload(name, member, { amount: 100 });
      const deposit = [
        'depositSubmit',
        'firstDeposit',
        'deposit',
        'redeposit',
        'firstDepositArrival',
      ].includes(name);
      expect(payload).toEqual({
        customerId: '42',
        customerName: 'alice',
        currency: 'PHP',
        af_currency: 'PHP',
        amount: 100,
        value: 100,
        revenue: 100,
        af_revenue: 100,
        ...(deposit ? { contentId: DEPOSIT_CONTENT_ID } : {}),
      });
    },
  );

  it.each([
    ['TLB', 'PHP'],
    ['PHP', 'PHP'],
    ['USDT', 'USD'],
    ['vnd', 'VND'],
    ['', undefined],
    ['12', undefined],
    [null, undefined],
  ])('currency %j → %j', (currency, expected) => {
    expect(buildPayload('login', { customerId: null, customerName: null, currency }).currency).toBe(expected);
  });

  it('a visitor has no customer fields, a negative or NaN amount is left out', () => {
    const visitor = { customerId: null, customerName: null, currency: null };
    expect(buildPayload('firstOpen', visitor)).toEqual({});
    expect(buildPayload('deposit', visitor, { amount: -5 })).toEqual({ contentId: 99 });
    expect(buildPayload('deposit', visitor, { amount: Number.NaN })).toEqual({ contentId: 99 });
  });
});

describe('beacon rule (not on iOS below 16)', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X)', true, false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X)', true, true],
    ['Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X)', true, true],
    ['Mozilla/5.0 (Linux; Android 14)', true, true],
    ['Mozilla/5.0 (Linux; Android 14)', false, false],
  ])('%s (sendBeacon %s) → %s', (ua, has, allowed) => {
    expect(beaconAllowed(ua, has)).toBe(allowed);
  });
  it('reads the iOS version', () => {
    expect(iosMajorVersion('Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X)')).toBe(12);
    expect(iosMajorVersion('Mozilla/5.0 (Windows NT 10.0)')).toBeNull();
  });
});

describe('backoff', () => {
  it.each([
    [0, 0, 1000],
    [0, 0.999, 1499],
    [1, 0, 2000],
    [2, 0.5, 4250],
    [3, 0, 8000],
  ])('retry %i with random %f waits %i ms', (retry, random, ms) => {
    expect(backoffMs(retry, () => random)).toBe(ms);
  });
});

describe('EventQueue', () => {
  beforeEach(() => localStorage.clear());

  it('survives a reload: a new queue over the same storage sees the events', () => {
    new EventQueue(createSafeStore(() => window.localStorage)).add(event('aaaaaaaa'));
    const reloaded = new EventQueue(createSafeStore(() => window.localStorage));
    expect(reloaded.all().map((item) => item.id)).toEqual(['aaaaaaaa']);
  });

  it('keeps the newest QUEUE_MAX, drops damaged storage', () => {
    const queue = new EventQueue(createSafeStore(() => window.localStorage));
    for (let i = 0; i < QUEUE_MAX + 5; i += 1) queue.add(event(`event-${String(i).padStart(4, '0')}`));
    expect(queue.all()).toHaveLength(QUEUE_MAX);
    expect(queue.all()[0]?.id).toBe('event-0005');
    localStorage.setItem('wps.marketingQueue', '[{"id":1}]');
    expect(queue.all()).toEqual([]);
  });
});

describe('EventDelivery (retry and backoff with fake timers)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function setup(overrides: Partial<DeliveryDeps> = {}) {
    const queue = new EventQueue(createSafeStore(() => window.localStorage));
    const deps: DeliveryDeps = {
      queue,
      beacon: null,
      ping: vi.fn(() => Promise.reject(new Error('offline'))),
      merchant: () => 'aurora',
      token: () => null,
      online: () => true,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      random: () => 0,
      ...overrides,
    };
    return { queue, deps, delivery: new EventDelivery(deps) };
  }

  it('a beacon accepted empties the queue without the ping', async () => {
    const beacon = vi.fn(() => true);
    const { queue, deps, delivery } = setup({ beacon });
    queue.add(event('aaaaaaaa'));
    await delivery.flush();
    expect(beacon).toHaveBeenCalledWith('/wps/system/collect', expect.stringContaining('"id":"aaaaaaaa"'));
    expect(deps.ping).not.toHaveBeenCalled();
    expect(queue.all()).toEqual([]);
  });

  it('signed in: the beacon carries the session token in its body (the server attributes by it), never the ping', async () => {
    const beacon = vi.fn((_url: string, _body: string) => true);
    const ping = vi.fn(() => Promise.resolve());
    const { queue, delivery } = setup({ beacon, ping, token: () => 'tok-member-1' });
    queue.add(event('aaaaaaaa'));
    await delivery.flush();
    expect(ping).not.toHaveBeenCalled();
    const [url, body] = beacon.mock.calls[0] ?? [];
    expect(url).toBe('/wps/system/collect');
    expect(JSON.parse(body ?? '{}')).toMatchObject({ merchant: 'aurora', token: 'tok-member-1' });
    expect(queue.all()).toEqual([]);
  });

  it('signed out: no token in the beacon', async () => {
    const beacon = vi.fn((_url: string, _body: string) => true);
    const { queue, delivery } = setup({ beacon });
    queue.add(event('aaaaaaaa'));
    await delivery.flush();
    expect(JSON.parse(beacon.mock.calls[0]?.[1] ?? '{}')).not.toHaveProperty('token');
  });

  it('batches stay under 4 KB of JSON (the ping carries them in its address); 20 at most', () => {
    const small = Array.from({ length: 25 }, (_, i) => event(`small-${String(i).padStart(3, '0')}`));
    expect(fittingBatch(small)).toHaveLength(20);
    const big = Array.from({ length: 10 }, (_, i) => ({
      ...event(`big-${String(i).padStart(5, '0')}`),
      payload: { content: 'x'.repeat(1_000) },
    }));
    const batch = fittingBatch(big);
    expect(batch.length).toBe(3);
    expect(new TextEncoder().encode(JSON.stringify({ events: batch })).length).toBeLessThanOrEqual(
      BATCH_JSON_MAX_BYTES,
    );
    const huge = { ...event('huge-0001'), payload: { content: 'y'.repeat(5_000) } };
    expect(fittingBatch([huge, ...small])).toEqual([huge]); // one alone still goes (the server decides)
    expect(fittingBatch([])).toEqual([]);
  });

  it('a refused beacon falls back to the ping', async () => {
    const ping = vi.fn(() => Promise.resolve());
    const { queue, delivery } = setup({ beacon: () => false, ping });
    queue.add(event('aaaaaaaa'));
    await delivery.flush();
    expect(ping).toHaveBeenCalledWith(JSON.stringify({ events: [event('aaaaaaaa')] }));
    expect(queue.all()).toEqual([]);
  });

  it('first round: 3 attempts at 0, 1000, 3000 ms; later rounds 5; the events stay queued', async () => {
    const { queue, deps, delivery } = setup();
    queue.add(event('aaaaaaaa'));
    const round = delivery.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.ping).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.ping).toHaveBeenCalledTimes(3);
    await round;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.ping).toHaveBeenCalledTimes(3);
    expect(queue.all()).toHaveLength(1);

    const later = delivery.flush();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000);
    await later;
    expect(deps.ping).toHaveBeenCalledTimes(8);
    expect(queue.all()).toHaveLength(1);
  });

  it('an event queued while a round runs is sent by a round that follows', async () => {
    const ping = vi.fn((_events: string) => Promise.resolve());
    const { queue, delivery } = setup({ ping });
    const first = delivery.flush(); // an empty queue: the round ends at once
    queue.add(event('bbbbbbbb'));
    const second = delivery.flush();
    await Promise.all([first, second]);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(queue.all()).toEqual([]);
  });

  it('offline: nothing is sent, the queue waits', async () => {
    const { queue, deps, delivery } = setup({ online: () => false });
    queue.add(event('aaaaaaaa'));
    await delivery.flush();
    expect(deps.ping).not.toHaveBeenCalled();
    expect(queue.all()).toHaveLength(1);
  });

  it('sends in batches of 20 until empty; one flush at a time', async () => {
    const ping = vi.fn((_events: string) => Promise.resolve());
    const { queue, delivery } = setup({ ping });
    for (let i = 0; i < 45; i += 1) queue.add(event(`event-${String(i).padStart(4, '0')}`));
    await Promise.all([delivery.flush(), delivery.flush()]);
    expect(ping).toHaveBeenCalledTimes(3);
    const sentIds = ping.mock.calls.flatMap(([json]) =>
      (JSON.parse(json) as { events: MarketingEvent[] }).events.map((item) => item.id),
    );
    expect(new Set(sentIds).size).toBe(45);
    expect(queue.all()).toEqual([]);
  });
});
