import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSubmitLock } from './submitLock';

describe('submit lock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ignores a second submit while the first is running', async () => {
    const lock = createSubmitLock();
    let finish: (value: string) => void = () => undefined;
    const first = lock.run(() => new Promise<string>((resolve) => (finish = resolve)));
    const second = await lock.run(() => Promise.resolve('second'));
    expect(second).toEqual({ ran: false });
    finish('first');
    expect(await first).toEqual({ ran: true, value: 'first' });
  });

  it('is released 500 ms after the end, not before', async () => {
    const lock = createSubmitLock();
    await lock.run(() => Promise.resolve(1));
    expect(lock.isBusy()).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(lock.isBusy()).toBe(true);
    expect(await lock.run(() => Promise.resolve(2))).toEqual({ ran: false });
    await vi.advanceTimersByTimeAsync(1);
    expect(lock.isBusy()).toBe(false);
    expect(await lock.run(() => Promise.resolve(3))).toEqual({ ran: true, value: 3 });
  });

  it('is released 500 ms after a failure too, and the failure propagates', async () => {
    const lock = createSubmitLock();
    await expect(lock.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(lock.isBusy()).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(lock.isBusy()).toBe(false);
  });
});
