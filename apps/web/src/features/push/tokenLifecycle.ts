import { PUSH_HEARTBEAT, PUSH_TOKEN, RETRY_POLL_MS, type PushErrorCode } from '@wps/contract/tracking';

/**
 * The push token lifecycle of spec section 4, as a pure state machine (issue 17). Over Web Push:
 *
 * - the **installation** is this device's registration with the merchant's push backend — the
 *   merchant's VAPID key fetched (`CSP_fcmVapidKey`); its id is that key. Registration status:
 *   0 not registered, 1 pending (written with its start time, so another tab waits and looks again
 *   every RETRY_POLL_MS = 100 ms; a pending state older than the time-out — the callback time-out,
 *   10 s — was left by a tab that died and is reset), 2 registered;
 * - the **auth token** is the browser's push subscription bound at the server (`pushManager.subscribe`
 *   and `CSP_fcmBind`: "token generation"). Request status: 0, 1 in progress (the same poll and
 *   time-out), 2 done; a done token is generated again after PUSH_TOKEN.refreshAfterDays (7 days).
 *
 * A 409 on registration clears the installation; a 401 or 404 on token generation clears it (the
 * backend no longer knows this device: the old subscription is dropped and everything starts over).
 * Any other failure leaves the step at 0 to be tried on a later page.
 */

export const RegistrationStatus = { NOT_STARTED: 0, IN_PROGRESS: 1, COMPLETED: 2 } as const;
export const RequestStatus = { NOT_STARTED: 0, IN_PROGRESS: 1, COMPLETED: 2 } as const;

/** A pending registration or token request older than this was abandoned. */
export const PENDING_TIMEOUT_MS = PUSH_TOKEN.callbackTimeoutMs;
const DAY_MS = 86_400_000;
export const TOKEN_REFRESH_MS = PUSH_TOKEN.refreshAfterDays * DAY_MS;

export type AuthToken =
  { status: 0 } | { status: 1; since: number } | { status: 2; endpoint: string; createdAt: number };

export type Installation =
  | { status: 0 }
  | { status: 1; since: number }
  | { status: 2; id: string; registeredAt: number; authToken: AuthToken };

export const NOT_REGISTERED: Installation = { status: 0 };

export type LifecycleEvent =
  | { type: 'registrationStarted'; now: number }
  | { type: 'registrationSucceeded'; id: string; now: number }
  /** `status`: the HTTP status of the refusal, null for a network failure. */
  | { type: 'registrationFailed'; status: number | null }
  | { type: 'tokenStarted'; now: number }
  | { type: 'tokenSucceeded'; endpoint: string; now: number }
  | { type: 'tokenFailed'; status: number | null };

/** Whether a failure clears the installation (409 on registration; 401 or 404 on token generation). */
export function clearsInstallation(event: LifecycleEvent): boolean {
  if (event.type === 'registrationFailed') return event.status === 409;
  if (event.type === 'tokenFailed') return event.status === 401 || event.status === 404;
  return false;
}

/** The next state; an event that does not apply to the state leaves it as it is. */
export function transition(state: Installation, event: LifecycleEvent): Installation {
  switch (event.type) {
    case 'registrationStarted':
      return state.status === 0 ? { status: 1, since: event.now } : state;
    case 'registrationSucceeded':
      return state.status === 1
        ? { status: 2, id: event.id, registeredAt: event.now, authToken: { status: 0 } }
        : state;
    case 'registrationFailed':
      return state.status === 1 ? NOT_REGISTERED : state;
    case 'tokenStarted':
      return state.status === 2 && state.authToken.status !== 1
        ? { ...state, authToken: { status: 1, since: event.now } }
        : state;
    case 'tokenSucceeded':
      return state.status === 2 && state.authToken.status === 1
        ? { ...state, authToken: { status: 2, endpoint: event.endpoint, createdAt: event.now } }
        : state;
    case 'tokenFailed':
      if (state.status !== 2 || state.authToken.status !== 1) return state;
      return clearsInstallation(event) ? NOT_REGISTERED : { ...state, authToken: { status: 0 } };
  }
}

/** Pending states past the time-out reset (registration to 0; the token request to 0). */
export function settle(state: Installation, now: number): Installation {
  if (state.status === 1 && now - state.since >= PENDING_TIMEOUT_MS) return NOT_REGISTERED;
  if (state.status === 2 && state.authToken.status === 1 && now - state.authToken.since >= PENDING_TIMEOUT_MS)
    return { ...state, authToken: { status: 0 } };
  return state;
}

export type LifecycleStep = 'register' | 'wait' | 'generateToken' | 'refreshToken' | 'ready';

/** What to do with a (settled) state at `now`. */
export function nextStep(state: Installation, now: number): LifecycleStep {
  if (state.status === 0) return 'register';
  if (state.status === 1) return 'wait';
  if (state.authToken.status === 0) return 'generateToken';
  if (state.authToken.status === 1) return 'wait';
  return now - state.authToken.createdAt >= TOKEN_REFRESH_MS ? 'refreshToken' : 'ready';
}

/** A stored value that is an installation record (anything else counts as not registered). */
export function isInstallation(value: unknown): value is Installation {
  const record = value as Record<string, unknown> | null;
  if (typeof record !== 'object' || record === null) return false;
  if (record.status === 0) return true;
  if (record.status === 1) return typeof record.since === 'number';
  if (record.status !== 2 || typeof record.id !== 'string' || typeof record.registeredAt !== 'number')
    return false;
  const token = record.authToken as Record<string, unknown> | null;
  if (typeof token !== 'object' || token === null) return false;
  if (token.status === 0) return true;
  if (token.status === 1) return typeof token.since === 'number';
  return token.status === 2 && typeof token.endpoint === 'string' && typeof token.createdAt === 'number';
}

/** A failure of a lifecycle step: its HTTP status when the server refused. */
export class LifecycleFailure extends Error {
  constructor(
    readonly code: PushErrorCode,
    readonly status: number | null = null,
  ) {
    super(code);
  }
}

export interface LifecycleDeps {
  read(): Installation;
  write(state: Installation): void;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Registers the installation; answers its id (the merchant's key). Throws with the HTTP status. */
  register(): Promise<string>;
  /** Generates (subscribes and binds) the token for the installation; answers its endpoint. */
  generateToken(installationId: string, refresh: boolean): Promise<string>;
  /** Drops what a cleared installation leaves behind (the browser's subscription). */
  clear(): Promise<void>;
}

function statusOf(error: unknown): number | null {
  if (error instanceof LifecycleFailure) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/**
 * Runs the lifecycle until the token is ready or a step failed (the failure's push error code).
 * Another tab's pending step is waited for (polled every 100 ms) until it ends or times out.
 */
export async function runLifecycle(deps: LifecycleDeps): Promise<PushErrorCode | null> {
  // Each step moves on or fails, and a wait ends within the time-out: a handful of steps suffice.
  for (let steps = 0; steps < 8 + PENDING_TIMEOUT_MS / RETRY_POLL_MS; steps += 1) {
    const now = deps.now();
    const state = settle(deps.read(), now);
    const step = nextStep(state, now);
    if (step === 'ready') return null;
    if (step === 'wait') {
      await deps.sleep(RETRY_POLL_MS);
      continue;
    }
    if (step === 'register') {
      deps.write(transition(state, { type: 'registrationStarted', now }));
      try {
        const id = await deps.register();
        deps.write(transition(deps.read(), { type: 'registrationSucceeded', id, now: deps.now() }));
      } catch (error) {
        const event = { type: 'registrationFailed', status: statusOf(error) } as const;
        deps.write(transition(deps.read(), event));
        if (clearsInstallation(event)) {
          await deps.clear().catch(() => undefined);
          return 'installation-not-found';
        }
        return error instanceof LifecycleFailure ? error.code : 'token-subscribe-failed';
      }
      continue;
    }
    // generateToken or refreshToken: state is registered here.
    if (state.status !== 2) return 'not-registered';
    const refresh = step === 'refreshToken';
    deps.write(transition(state, { type: 'tokenStarted', now }));
    try {
      const endpoint = await deps.generateToken(state.id, refresh);
      deps.write(transition(deps.read(), { type: 'tokenSucceeded', endpoint, now: deps.now() }));
      return null;
    } catch (error) {
      const event = { type: 'tokenFailed', status: statusOf(error) } as const;
      deps.write(transition(deps.read(), event));
      if (clearsInstallation(event)) {
        await deps.clear().catch(() => undefined);
        return 'not-registered';
      }
      if (error instanceof LifecycleFailure) return error.code;
      return refresh ? 'token-update-failed' : 'token-subscribe-failed';
    }
  }
  return 'token-subscribe-failed';
}

/** One heartbeat: a day push was set up on this device, and by what (the app and its browser). */
export interface Heartbeat {
  date: string;
  agent: string;
}

export function isHeartbeatList(value: unknown): value is Heartbeat[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof (item as Heartbeat | null)?.date === 'string' && typeof (item as Heartbeat).agent === 'string',
    )
  );
}

/**
 * The push heartbeat (section 9): one entry per day push was set up on this device, oldest first,
 * kept PUSH_HEARTBEAT.retentionDays days; the stored JSON at most PUSH_HEARTBEAT.sizeLimit bytes
 * (the oldest entries go first). Days are YYYY-MM-DD; a second beat on a day keeps the first.
 */
export function recordHeartbeat(entries: readonly Heartbeat[], today: string, agent: string): Heartbeat[] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || !Number.isFinite(todayMs)) return [...entries];
  const cutoff = todayMs - PUSH_HEARTBEAT.retentionDays * DAY_MS;
  const byDay = new Map<string, Heartbeat>();
  for (const entry of [...entries, { date: today, agent: agent.slice(0, 200) }]) {
    const at = Date.parse(`${entry.date}T00:00:00Z`);
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(entry.date) && Number.isFinite(at) && at > cutoff && at <= todayMs;
    if (valid && !byDay.has(entry.date)) byDay.set(entry.date, entry);
  }
  const kept = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
  const size = () => new TextEncoder().encode(JSON.stringify(kept)).length;
  while (kept.length > 1 && size() > PUSH_HEARTBEAT.sizeLimit) kept.shift();
  return kept;
}
