import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import {
  DEPOSIT_CONTENT_ID,
  DEPOSIT_EVENTS,
  EVENT_RETRY,
  MARKETING_BATCH_MAX,
  TRACKED_MARKETING_EVENTS,
  movementEventId,
  type MarketingEventName,
  type ServerRecordedEvent,
} from '@wps/contract/tracking';
import { displayCurrencyCode } from '@wps/contract/constants';
import { endpoints, type EndpointInput } from '@wps/contract/endpoints';
import type {
  MarketingBatch,
  MarketingEvent,
  StatusLatencyReport,
  TrackingEventPayload,
} from '@wps/contract/schemas/tracking';
import { call } from '@/api/call';
import { localStore, type SafeStore } from '@/platform/storage';
import { getMerchantCode } from '@/state/merchant';
import { getSession } from '@/state/session';
import { currentSettings } from '@/state/settings';
import { currentClickIds } from './attribution';
import { trackWithPixels } from './pixels';

/**
 * Marketing events of spec section 9 (a lazy chunk: features/tracking/trackEvent.ts loads it). Each
 * event gets a unique id and the payload of section 3, is queued in local storage (it survives a
 * reload or going offline) and is delivered as a beacon to /wps/system/collect, or, when the beacon
 * is refused or not allowed (iOS below 16), by the ping call; a round tries EVENT_RETRY.firstAttempts
 * times (later rounds laterAttempts) with exponential backoff and jitter. The server de-duplicates
 * by id, so an event delivered twice counts once.
 */

/** The most events kept waiting: the oldest go first. */
export const QUEUE_MAX = 100;

export interface Amounts {
  amount?: number;
  content?: string;
  /** The member the event is about when the session does not say yet (a registration). */
  customer?: { id: string; name: string };
}

export interface PayloadContext {
  customerId: string | null;
  customerName: string | null;
  /** The merchant's currency code as settings give it (TLB, PHP, USDT, …). */
  currency: string | null;
}

/** The event payload of spec section 3; deposit events carry content id 99. */
export function buildPayload(
  name: MarketingEventName,
  context: PayloadContext,
  extra: Amounts = {},
): TrackingEventPayload {
  const payload: TrackingEventPayload = {};
  if (context.customerId) payload.customerId = context.customerId;
  if (context.customerName) payload.customerName = context.customerName;
  const currency = context.currency ? displayCurrencyCode(context.currency.toUpperCase()) : null;
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    payload.currency = currency;
    payload.af_currency = currency;
  }
  if (extra.amount !== undefined && Number.isFinite(extra.amount) && extra.amount >= 0) {
    payload.amount = extra.amount;
    payload.value = extra.amount;
    payload.revenue = extra.amount;
    payload.af_revenue = extra.amount;
  }
  if (DEPOSIT_EVENTS.includes(name)) payload.contentId = DEPOSIT_CONTENT_ID;
  if (extra.content) payload.content = extra.content.slice(0, 256);
  return payload;
}

export function newEventId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isEvent(value: unknown): value is MarketingEvent {
  const event = value as Partial<MarketingEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    typeof event.time === 'number' &&
    typeof event.payload === 'object' &&
    (TRACKED_MARKETING_EVENTS as readonly string[]).includes(String(event.name))
  );
}

function isEventList(value: unknown): value is MarketingEvent[] {
  return Array.isArray(value) && value.every(isEvent);
}

/** The queue in storage: read and written whole, so another tab's or a reload's events are kept. */
export class EventQueue {
  constructor(private readonly store: SafeStore = localStore) {}

  all(): MarketingEvent[] {
    return this.store.getJSON(LazyStorageKey.marketingQueue, isEventList) ?? [];
  }

  add(event: MarketingEvent): void {
    this.store.setJSON(LazyStorageKey.marketingQueue, [...this.all(), event].slice(-QUEUE_MAX));
  }

  remove(ids: ReadonlySet<string>): void {
    this.store.setJSON(
      LazyStorageKey.marketingQueue,
      this.all().filter((event) => !ids.has(event.id)),
    );
  }
}

/** The iOS major version of a user agent, null elsewhere. */
export function iosMajorVersion(userAgent: string): number | null {
  if (!/iPhone|iPad|iPod/.test(userAgent)) return null;
  const match = /OS (\d+)_/.exec(userAgent);
  return match?.[1] ? Number(match[1]) : null;
}

/** sendBeacon is not used on iOS below 16 (spec section 7). */
export function beaconAllowed(userAgent: string, hasBeacon: boolean): boolean {
  const ios = iosMajorVersion(userAgent);
  return hasBeacon && (ios === null || ios >= 16);
}

/** The wait before retry n (0-based): 1000 ms · 2^n plus up to 500 ms of jitter. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  return EVENT_RETRY.backoffBaseMs * 2 ** retry + Math.floor(random() * EVENT_RETRY.jitterMaxMs);
}

export interface DeliveryDeps {
  queue: EventQueue;
  /**
   * navigator.sendBeacon, or null when it is not to be used. A beacon can carry no header: the
   * session token the server attributes an event by rides in its body (`token`), never in an address.
   */
  beacon: ((url: string, body: string) => boolean) | null;
  /** The ping call; resolves when the server accepted the events. */
  ping: (eventsJson: string) => Promise<void>;
  merchant: () => string | null;
  /** The session token while signed in, else null. */
  token: () => string | null;
  online: () => boolean;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

/**
 * The JSON of one batch stays under this many bytes: the ping carries it in its query string
 * (URL-encoded it may grow threefold, and a request line past 16 KB is refused), and the server
 * takes at most 8 KB of it.
 */
export const BATCH_JSON_MAX_BYTES = 4_096;

/** The first events of the queue that fit one batch (at most 20, under 4 KB; always at least one). */
export function fittingBatch(queued: readonly MarketingEvent[]): MarketingEvent[] {
  const batch: MarketingEvent[] = [];
  let bytes = '{"events":[]}'.length;
  for (const event of queued.slice(0, MARKETING_BATCH_MAX)) {
    const size = new TextEncoder().encode(JSON.stringify(event)).length + (batch.length > 0 ? 1 : 0);
    if (batch.length > 0 && bytes + size > BATCH_JSON_MAX_BYTES) break;
    batch.push(event);
    bytes += size;
  }
  return batch;
}

/** Sends the queue in batches; a round ends when the queue is empty or its attempts are spent. */
export class EventDelivery {
  private rounds = 0;
  private running: Promise<void> | null = null;
  /** Asked again while a round ran: events queued since may not have been seen by it. */
  private askedAgain = false;

  constructor(private readonly deps: DeliveryDeps) {}

  /** Starts a round; asked while one runs, another follows it (the new events are sent too). */
  flush(): Promise<void> {
    if (this.running) {
      this.askedAgain = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.askedAgain = false;
        await this.round();
      } while (this.askedAgain);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    const attempts = this.rounds === 0 ? EVENT_RETRY.firstAttempts : EVENT_RETRY.laterAttempts;
    this.rounds += 1;
    let failures = 0;
    while (failures < attempts) {
      if (!this.deps.online()) return;
      const batch = fittingBatch(this.deps.queue.all());
      if (batch.length === 0) return;
      if (await this.send(batch)) {
        this.deps.queue.remove(new Set(batch.map((event) => event.id)));
        continue;
      }
      failures += 1;
      if (failures < attempts) await this.deps.sleep(backoffMs(failures - 1, this.deps.random));
    }
  }

  private async send(events: MarketingEvent[]): Promise<boolean> {
    const value: MarketingBatch = { events };
    if (this.deps.beacon) {
      const token = this.deps.token();
      const beacon: EndpointInput<'collect'> = {
        merchant: this.deps.merchant(),
        value,
        ...(token ? { token } : {}),
      };
      const body = JSON.stringify(beacon);
      try {
        if (this.deps.beacon(endpoints.collect.path, body)) return true;
      } catch {
        // A refused beacon (too large, blocked): the ping call below.
      }
    }
    try {
      await this.deps.ping(JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  }
}

function browserDeps(): DeliveryDeps {
  const nav = window.navigator;
  return {
    queue: new EventQueue(),
    beacon: beaconAllowed(nav.userAgent, typeof nav.sendBeacon === 'function')
      ? (url, body) => nav.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))
      : null,
    ping: (events) => call('ping', { events }, { handleErrors: false, noCache: true }).then(() => undefined),
    merchant: getMerchantCode,
    token: () => getSession()?.token || null,
    online: () => nav.onLine,
    sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    random: Math.random,
  };
}

let delivery: EventDelivery | null = null;
function browserDelivery(): EventDelivery {
  delivery ??= new EventDelivery(browserDeps());
  return delivery;
}

function newEvent(name: MarketingEventName, extra: Amounts): MarketingEvent {
  const session = getSession();
  const event: MarketingEvent = {
    id: newEventId(),
    name,
    time: Date.now(),
    payload: buildPayload(
      name,
      {
        customerId: extra.customer?.id || (session?.id ? String(session.id) : null),
        customerName: extra.customer?.name || session?.userName || null,
        currency: currentSettings()?.currency ?? null,
      },
      extra,
    ),
  };
  const clickIds = currentClickIds();
  if (Object.keys(clickIds).length > 0) event.clickIds = clickIds;
  return event;
}

/** Records one event (queued at once) and starts delivering. */
export function recordEvent(name: MarketingEventName, extra: Amounts = {}): MarketingEvent {
  const event = newEvent(name, extra);
  new EventQueue().add(event);
  void browserDelivery().flush();
  trackWithPixels(event);
  return event;
}

/** How many mirrored ids a device remembers. */
export const MIRRORED_KEPT = 50;

/**
 * An event the server recorded itself when the money moved (a deposit credited, a withdrawal): the
 * browser's ad pixels get it with the server's id, so the platforms count it once with the server's
 * copy; it is not queued for the server, which keeps its own. Once per device: a deposit page shown
 * again after its success sends nothing more. Answers the event, or null when it went before.
 */
export function mirrorServerEvent(
  name: ServerRecordedEvent,
  movementId: string,
  extra: Amounts = {},
): MarketingEvent | null {
  const id = movementEventId(movementId, name);
  const mirrored = localStore.getJSON(LazyStorageKey.mirroredEvents, isStringList) ?? [];
  if (mirrored.includes(id)) return null;
  localStore.setJSON(LazyStorageKey.mirroredEvents, [...mirrored, id].slice(-MIRRORED_KEPT));
  const event = { ...newEvent(name, extra), id };
  trackWithPixels(event);
  return event;
}

/** Records an event once per device (firstOpen, a2hsFirstOpen). */
export function recordOnce(name: MarketingEventName): void {
  const done = localStore.getJSON(LazyStorageKey.marketingOnce, isStringList) ?? [];
  if (done.includes(name)) return;
  localStore.setJSON(LazyStorageKey.marketingOnce, [...done, name]);
  recordEvent(name);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Delivers what earlier pages left in the queue; again whenever the network comes back. */
export function deliverQueued(win: Window): void {
  void browserDelivery().flush();
  win.addEventListener('online', () => void browserDelivery().flush());
}

/** The status call took longer than STATUS_LATENCY_REPORT_MS: one collect beacon says how long. */
export function reportStatusLatency(ms: number, url: string): void {
  const value: StatusLatencyReport = { kind: 'statusLatency', ms: Math.round(ms), url: url.slice(0, 512) };
  void call('collect', { merchant: getMerchantCode(), value: { ...value } }, { handleErrors: false }).catch(
    () => undefined,
  );
}
