import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkers } from '@/test/fakeWorkers';

// intlReady keeps one promise per locale for the page's life: each test imports a fresh module.
async function freshModule() {
  vi.resetModules();
  return { ...(await import('./intlReady')), ...(await import('./intlWarmUp')) };
}

const settledNow = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return settled;
};

describe('intlReady: the number and date data loaded off the main thread, once per locale', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('without workers it is settled at once', async () => {
    const { intlReady } = await freshModule();
    expect(await settledNow(intlReady('en-US'))).toBe(true);
  });

  it.each<[string, (worker: EventTarget) => void]>([
    ['the worker has made its formatters', (worker) => worker.dispatchEvent(new Event('message'))],
    ['the worker failed to start or threw', (worker) => worker.dispatchEvent(new Event('error'))],
  ])('%s: settled, the worker ended', async (_case, answer) => {
    const workers = fakeWorkers();
    const { intlReady } = await freshModule();
    const ready = intlReady('ar');
    expect(workers).toHaveLength(1);
    expect(workers[0]?.asked).toEqual(['ar']);
    expect(await settledNow(ready)).toBe(false);
    answer(workers[0] as EventTarget);
    expect(await settledNow(ready)).toBe(true);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('a worker that never answers is not waited for beyond INTL_WARM_UP_MAX_MS', async () => {
    const workers = fakeWorkers();
    const { intlReady, INTL_WARM_UP_MAX_MS } = await freshModule();
    const ready = intlReady('hi-IN');
    await vi.advanceTimersByTimeAsync(INTL_WARM_UP_MAX_MS - 1);
    expect(await settledNow(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(ready)).toBe(true);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('asks once per locale: the same promise again, a new worker only for another locale', async () => {
    const workers = fakeWorkers();
    const { intlReady } = await freshModule();
    const first = intlReady('th-TH');
    expect(intlReady('th-TH')).toBe(first);
    expect(workers).toHaveLength(1);
    const other = intlReady('vi-VN');
    expect(other).not.toBe(first);
    expect(workers.map((worker) => worker.asked)).toEqual([['th-TH'], ['vi-VN']]);
  });
});
