import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LifecycleFailure,
  NOT_REGISTERED,
  PENDING_TIMEOUT_MS,
  TOKEN_REFRESH_MS,
  clearsInstallation,
  isInstallation,
  nextStep,
  recordHeartbeat,
  runLifecycle,
  settle,
  transition,
  type Heartbeat,
  type Installation,
  type LifecycleDeps,
  type LifecycleEvent,
} from './tokenLifecycle';

const T = 1_000_000;
const pending: Installation = { status: 1, since: T };
const registered: Installation = { status: 2, id: 'key', registeredAt: T, authToken: { status: 0 } };
const tokenPending: Installation = { ...registered, authToken: { status: 1, since: T } };
const done: Installation = { ...registered, authToken: { status: 2, endpoint: 'https://p/1', createdAt: T } };

describe('transition (installation 0/1/2, auth token 0/1/2)', () => {
  it.each<[string, Installation, LifecycleEvent, Installation]>([
    ['0 → 1 on start', NOT_REGISTERED, { type: 'registrationStarted', now: T }, pending],
    [
      '1 stays 1 on a second start (another tab)',
      pending,
      { type: 'registrationStarted', now: T + 5 },
      pending,
    ],
    ['1 → 2 on success, token 0', pending, { type: 'registrationSucceeded', id: 'key', now: T }, registered],
    [
      'success without a pending start is ignored',
      NOT_REGISTERED,
      { type: 'registrationSucceeded', id: 'k', now: T },
      NOT_REGISTERED,
    ],
    ['1 → 0 on a 409', pending, { type: 'registrationFailed', status: 409 }, NOT_REGISTERED],
    ['1 → 0 on a 500', pending, { type: 'registrationFailed', status: 500 }, NOT_REGISTERED],
    ['1 → 0 on a network failure', pending, { type: 'registrationFailed', status: null }, NOT_REGISTERED],
    [
      '2 stays on a late registration failure',
      registered,
      { type: 'registrationFailed', status: 409 },
      registered,
    ],
    ['token 0 → 1', registered, { type: 'tokenStarted', now: T }, tokenPending],
    [
      'token 2 → 1 (refresh)',
      done,
      { type: 'tokenStarted', now: T + 1 },
      { ...registered, authToken: { status: 1, since: T + 1 } },
    ],
    ['token 1 stays on a second start', tokenPending, { type: 'tokenStarted', now: T + 9 }, tokenPending],
    [
      'token start before registration is ignored',
      NOT_REGISTERED,
      { type: 'tokenStarted', now: T },
      NOT_REGISTERED,
    ],
    ['token 1 → 2', tokenPending, { type: 'tokenSucceeded', endpoint: 'https://p/1', now: T }, done],
    [
      'token success without a request is ignored',
      registered,
      { type: 'tokenSucceeded', endpoint: 'x', now: T },
      registered,
    ],
    [
      '401 on token generation clears the installation',
      tokenPending,
      { type: 'tokenFailed', status: 401 },
      NOT_REGISTERED,
    ],
    [
      '404 on token generation clears the installation',
      tokenPending,
      { type: 'tokenFailed', status: 404 },
      NOT_REGISTERED,
    ],
    [
      '409 on token generation: token back to 0',
      tokenPending,
      { type: 'tokenFailed', status: 409 },
      registered,
    ],
    [
      '500 on token generation: token back to 0',
      tokenPending,
      { type: 'tokenFailed', status: 500 },
      registered,
    ],
    [
      'network failure on token generation: token 0',
      tokenPending,
      { type: 'tokenFailed', status: null },
      registered,
    ],
  ])('%s', (_name, state, event, expected) => {
    expect(transition(state, event)).toEqual(expected);
  });

  it.each<[LifecycleEvent, boolean]>([
    [{ type: 'registrationFailed', status: 409 }, true],
    [{ type: 'registrationFailed', status: 401 }, false],
    [{ type: 'registrationFailed', status: 404 }, false],
    [{ type: 'tokenFailed', status: 401 }, true],
    [{ type: 'tokenFailed', status: 404 }, true],
    [{ type: 'tokenFailed', status: 409 }, false],
    [{ type: 'tokenFailed', status: null }, false],
    [{ type: 'registrationStarted', now: 0 }, false],
  ])('clearsInstallation(%j) = %s', (event, expected) => {
    expect(clearsInstallation(event)).toBe(expected);
  });
});

describe('settle and nextStep (time-outs, 7-day refresh)', () => {
  it.each<[string, Installation, number, Installation, string]>([
    ['nothing: register', NOT_REGISTERED, T, NOT_REGISTERED, 'register'],
    ['pending, fresh: wait', pending, T + PENDING_TIMEOUT_MS - 1, pending, 'wait'],
    [
      'pending past the time-out: reset, register',
      pending,
      T + PENDING_TIMEOUT_MS,
      NOT_REGISTERED,
      'register',
    ],
    ['registered, no token: generate', registered, T, registered, 'generateToken'],
    ['token pending, fresh: wait', tokenPending, T + 10, tokenPending, 'wait'],
    [
      'token pending past the time-out: token 0, generate',
      tokenPending,
      T + PENDING_TIMEOUT_MS,
      registered,
      'generateToken',
    ],
    ['token done: ready', done, T + TOKEN_REFRESH_MS - 1, done, 'ready'],
    ['token done 7 days ago: refresh', done, T + TOKEN_REFRESH_MS, done, 'refreshToken'],
    ['token from the future (clock moved back): ready', done, T - 5_000, done, 'ready'],
  ])('%s', (_name, state, now, settled, step) => {
    expect(settle(state, now)).toEqual(settled);
    expect(nextStep(settle(state, now), now)).toBe(step);
  });

  it.each<[string, unknown, boolean]>([
    ['not registered', { status: 0 }, true],
    ['pending', { status: 1, since: 5 }, true],
    ['done', done, true],
    ['pending without a time', { status: 1 }, false],
    ['a status of 3', { status: 3 }, false],
    ['registered without a token', { status: 2, id: 'k', registeredAt: 1 }, false],
    [
      'a token with a text time',
      { ...registered, authToken: { status: 2, endpoint: 'e', createdAt: '1' } },
      false,
    ],
    ['null', null, false],
    ['an array', [], false],
    ['the old pushBound record', { endpoint: 'e', at: 1 }, false],
  ])('isInstallation: %s → %s', (_name, value, expected) => {
    expect(isInstallation(value)).toBe(expected);
  });
});

describe('runLifecycle (fake timers: the 100 ms poll, the pending time-out)', () => {
  beforeEach(() => vi.useFakeTimers({ now: T }));
  afterEach(() => vi.useRealTimers());

  function setup(initial: Installation, overrides: Partial<LifecycleDeps> = {}) {
    let state = initial;
    const writes: Installation[] = [];
    const deps: LifecycleDeps = {
      read: () => state,
      write: (next) => {
        state = next;
        writes.push(next);
      },
      now: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      register: vi.fn(() => Promise.resolve('key')),
      generateToken: vi.fn(() => Promise.resolve('https://p/1')),
      clear: vi.fn(() => Promise.resolve()),
      ...overrides,
    };
    return { deps, writes, state: () => state, set: (next: Installation) => (state = next) };
  }

  it('from nothing: 0 → 1 → 2, then the token 0 → 1 → 2', async () => {
    const { deps, writes } = setup(NOT_REGISTERED);
    await expect(runLifecycle(deps)).resolves.toBeNull();
    expect(writes.map((w) => [w.status, w.status === 2 ? w.authToken.status : null])).toEqual([
      [1, null],
      [2, 0],
      [2, 1],
      [2, 2],
    ]);
    expect(deps.generateToken).toHaveBeenCalledWith('key', false);
  });

  it("another tab's pending registration: polled every 100 ms until it is done", async () => {
    const run = setup(pending);
    const result = runLifecycle(run.deps);
    await vi.advanceTimersByTimeAsync(250);
    expect(run.deps.register).not.toHaveBeenCalled();
    run.set(done); // the other tab finished
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBeNull();
    expect(run.deps.register).not.toHaveBeenCalled();
    expect(run.deps.generateToken).not.toHaveBeenCalled();
  });

  it('a pending registration left by a dead tab is reset after the time-out and registered again', async () => {
    const run = setup(pending);
    const result = runLifecycle(run.deps);
    await vi.advanceTimersByTimeAsync(PENDING_TIMEOUT_MS - 100);
    expect(run.deps.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBeNull();
    expect(run.deps.register).toHaveBeenCalledTimes(1);
    expect(run.state()).toMatchObject({ status: 2, authToken: { status: 2 } });
  });

  it('a 409 on registration clears the installation: installation-not-found', async () => {
    const run = setup(NOT_REGISTERED, {
      register: () => Promise.reject(Object.assign(new Error('conflict'), { status: 409 })),
    });
    await expect(runLifecycle(run.deps)).resolves.toBe('installation-not-found');
    expect(run.deps.clear).toHaveBeenCalledTimes(1);
    expect(run.state()).toEqual(NOT_REGISTERED);
  });

  it.each([401, 404])('a %i on token generation clears the installation: not-registered', async (status) => {
    const run = setup(registered, {
      generateToken: () => Promise.reject(Object.assign(new Error('gone'), { status })),
    });
    await expect(runLifecycle(run.deps)).resolves.toBe('not-registered');
    expect(run.deps.clear).toHaveBeenCalledTimes(1);
    expect(run.state()).toEqual(NOT_REGISTERED);
  });

  it.each<[string, Installation, unknown, string]>([
    [
      'a 500 on registration',
      NOT_REGISTERED,
      Object.assign(new Error('x'), { status: 500 }),
      'token-subscribe-failed',
    ],
    [
      'a failed subscribe',
      registered,
      new LifecycleFailure('token-subscribe-failed'),
      'token-subscribe-failed',
    ],
    [
      'a 500 on the 7-day refresh',
      { ...done, authToken: { ...done.authToken, createdAt: T - TOKEN_REFRESH_MS } } as Installation,
      Object.assign(new Error('x'), { status: 500 }),
      'token-update-failed',
    ],
    [
      'a worker that never came',
      registered,
      new LifecycleFailure('failed-service-worker-registration'),
      'failed-service-worker-registration',
    ],
  ])('%s: its push error; the installation is kept for a later page', async (_name, initial, error, code) => {
    const run = setup(initial, {
      register: () => Promise.reject(error as Error),
      generateToken: () => Promise.reject(error as Error),
    });
    await expect(runLifecycle(run.deps)).resolves.toBe(code);
    expect(run.deps.clear).not.toHaveBeenCalled();
  });

  it('a token done 7 days ago is generated again (refresh)', async () => {
    const old: Installation = {
      ...done,
      authToken: { status: 2, endpoint: 'https://p/0', createdAt: T - TOKEN_REFRESH_MS },
    };
    const run = setup(old);
    await expect(runLifecycle(run.deps)).resolves.toBeNull();
    expect(run.deps.generateToken).toHaveBeenCalledWith('key', true);
    expect(run.state()).toMatchObject({ authToken: { status: 2, endpoint: 'https://p/1', createdAt: T } });
  });
});

describe('recordHeartbeat (30 days, 1024 bytes)', () => {
  const beat = (date: string, agent = 'wps-web'): Heartbeat => ({ date, agent });

  it.each<[string, Heartbeat[], string, string[]]>([
    ['the first beat', [], '2026-11-23', ['2026-11-23']],
    ['one beat a day', [beat('2026-11-23')], '2026-11-23', ['2026-11-23']],
    [
      'days in order',
      [beat('2026-11-22'), beat('2026-11-20')],
      '2026-11-23',
      ['2026-11-20', '2026-11-22', '2026-11-23'],
    ],
    ['29 days old is kept', [beat('2026-10-25')], '2026-11-23', ['2026-10-25', '2026-11-23']],
    ['30 days old goes', [beat('2026-10-24')], '2026-11-23', ['2026-11-23']],
    ['a day in the future goes', [beat('2026-12-01')], '2026-11-23', ['2026-11-23']],
    ['garbage days go', [beat('yesterday'), beat('2026-13-45'), beat('')], '2026-11-23', ['2026-11-23']],
  ])('%s', (_name, entries, today, days) => {
    expect(recordHeartbeat(entries, today, 'wps-web').map((entry) => entry.date)).toEqual(days);
  });

  it('past 1024 bytes the oldest beats go first', () => {
    const agent = 'x'.repeat(150);
    const entries = Array.from({ length: 20 }, (_, i) =>
      beat(`2026-11-${String(i + 1).padStart(2, '0')}`, agent),
    );
    const kept = recordHeartbeat(entries, '2026-11-23', agent);
    expect(new TextEncoder().encode(JSON.stringify(kept)).length).toBeLessThanOrEqual(1024);
    expect(kept.at(-1)?.date).toBe('2026-11-23');
    expect((kept[0]?.date ?? '') > '2026-11-01').toBe(true);
    expect(kept.length).toBeGreaterThan(3);
  });

  it('an agent is cut to 200 characters; a bad today changes nothing', () => {
    expect(recordHeartbeat([], '2026-11-23', 'a'.repeat(500))[0]?.agent).toHaveLength(200);
    expect(recordHeartbeat([beat('2026-11-20')], 'not-a-day', 'a')).toEqual([beat('2026-11-20')]);
  });
});
