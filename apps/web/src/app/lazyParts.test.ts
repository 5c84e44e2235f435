import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkers } from '@/test/fakeWorkers';

// The cashier's screens and the header balance are lazy: their loaders here stand for the import.
vi.mock('@/screens/Deposit/DepositScreen', () => ({ DepositScreen: () => null }));
vi.mock('@/screens/Login/LoginScreen', () => ({ LoginScreen: () => null }));
vi.mock('@/screens/Transactions/TransactionsScreen', () => ({ TransactionsScreen: () => null }));
vi.mock('@/features/cashier/HeaderBalance', () => ({ default: () => null }));

// intlReady keeps one answer per locale for the page's life: each test imports a fresh module.
async function freshParts() {
  vi.resetModules();
  return import('./lazyParts');
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('parts that show amounts at once arrive with the number data loaded off the main thread', () => {
  beforeEach(() => {
    document.documentElement.lang = 'th-TH';
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each<[string, (parts: Awaited<ReturnType<typeof freshParts>>) => Promise<unknown>]>([
    ['the deposit screen', (parts) => parts.screenLoaders.Deposit()],
    ['the history', (parts) => parts.screenLoaders.Transactions()],
  ])('%s: waits for the worker of the page language, then arrives', async (_part, load) => {
    const workers = fakeWorkers();
    const parts = await freshParts();
    const loading = load(parts);
    expect(workers.map((worker) => worker.asked)).toEqual([['th-TH']]);
    expect(await settled(loading)).toBe(false);
    workers[0]?.dispatchEvent(new Event('message'));
    expect(await settled(loading)).toBe(true);
  });

  it('a screen that shows no amount does not wait (no worker made)', async () => {
    const workers = fakeWorkers();
    const parts = await freshParts();
    expect(await settled(parts.screenLoaders.Login())).toBe(true);
    expect(workers).toHaveLength(0);
  });

  it('the header balance does not wait (no worker made)', async () => {
    const workers = fakeWorkers();
    const parts = await freshParts();
    expect(await settled(parts.loadHeaderBalance())).toBe(true);
    expect(workers).toHaveLength(0);
  });

  it('a second cashier screen: one worker for the page, not one per screen', async () => {
    const workers = fakeWorkers();
    const parts = await freshParts();
    const deposit = parts.screenLoaders.Deposit();
    const history = parts.screenLoaders.Transactions();
    expect(workers).toHaveLength(1);
    workers[0]?.dispatchEvent(new Event('message'));
    expect(await settled(Promise.all([deposit, history]))).toBe(true);
  });

  it('without workers nothing waits', async () => {
    const parts = await freshParts();
    expect(await settled(parts.screenLoaders.Deposit())).toBe(true);
  });
});
