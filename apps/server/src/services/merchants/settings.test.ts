import type { CommonSettings } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import { RegionRule } from '../../lib/ip-rules.js';
import { demoMerchants } from '../../seed/merchants.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import type { Merchant } from './repository.js';
import { buildCommonSettings, CommonSettingsCache } from './settings.js';

/** A demo merchant as the directory hands it out: each call is a new object, as a reload is. */
function merchant(code: string, id: number): Merchant {
  const seed = demoMerchants(new Date()).find((each) => each.merchant.code === code)?.merchant;
  if (seed === undefined) throw new Error(`no demo merchant ${code}`);
  return {
    id,
    code: seed.code,
    name: seed.name,
    defaultLanguage: seed.defaultLanguage,
    languages: seed.languages,
    currency: seed.currency,
    currencySymbol: seed.currencySymbol,
    currencyPosition: seed.currencyPosition,
    countryCode: seed.countryCode,
    flags: seed.flags ?? {},
    template: seed.template,
    settings: seed.publicSettings,
    maintenanceStart: null,
    maintenanceEnd: null,
    region: new RegionRule([], null),
    mainHost: seed.mainHost,
    sessionIpBinding: false,
    promotionPrograms: [],
  };
}

/** A cache whose builds are counted, and fail while `failing` is set. */
function counted(ttlMs: number, clock: TestClock) {
  const state = { builds: 0, failing: false };
  const cache = new CommonSettingsCache(
    async (each) => {
      state.builds += 1;
      if (state.failing) throw new Error('database unavailable');
      return buildCommonSettings(each, [], null);
    },
    ttlMs,
    clock.now,
  );
  return { cache, state };
}

const TTL = 30_000;

describe('the settings answer, cached per merchant', () => {
  // [case, TTL, what happens between the two calls, builds]
  it.each([
    ['the same merchant within the TTL: built once', TTL, 'nothing', 1],
    ['the TTL passed: built again', TTL, 'expire', 2],
    ['the directory reloaded the merchant (a new object, same id): built again', TTL, 'reload', 2],
    ['TTL 0 (tests editing merchants): built on every call', 0, 'nothing', 2],
    ['one millisecond before the TTL: still cached', TTL, 'almost', 1],
  ] as const)('%s', async (_case, ttlMs, between, builds) => {
    const clock = new TestClock();
    const { cache, state } = counted(ttlMs, clock);
    let aurora = merchant('aurora', 1);
    const first = await cache.get(aurora);
    if (between === 'expire') clock.advance(TTL);
    if (between === 'almost') clock.advance(TTL - 1);
    if (between === 'reload') aurora = merchant('aurora', 1);
    const second = await cache.get(aurora);
    expect(state.builds).toBe(builds);
    expect(second).toEqual(first);
    expect(second.merchantCode).toBe('aurora');
  });

  it('merchants never share an answer', async () => {
    const { cache } = counted(TTL, new TestClock());
    const [aurora, lotus] = [merchant('aurora', 1), merchant('lotus', 2)];
    const answers: CommonSettings[] = [];
    for (const each of [aurora, lotus, aurora, lotus]) answers.push(await cache.get(each));
    expect(answers.map((answer) => answer.merchantCode)).toEqual(['aurora', 'lotus', 'aurora', 'lotus']);
  });

  it('concurrent misses share one build', async () => {
    const { cache, state } = counted(TTL, new TestClock());
    const aurora = merchant('aurora', 1);
    await Promise.all(Array.from({ length: 20 }, () => cache.get(aurora)));
    expect(state.builds).toBe(1);
  });

  it('a failed build is not kept: the next call builds again', async () => {
    const { cache, state } = counted(MINUTE, new TestClock());
    const aurora = merchant('aurora', 1);
    state.failing = true;
    await expect(cache.get(aurora)).rejects.toThrow('database unavailable');
    state.failing = false;
    expect((await cache.get(aurora)).merchantCode).toBe('aurora');
    expect(state.builds).toBe(2);
  });
});
