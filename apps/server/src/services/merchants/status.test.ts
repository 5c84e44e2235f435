import { describe, expect, it } from 'vitest';
import { RegionRule } from '../../lib/ip-rules.js';
import { demoMerchants } from '../../seed/merchants.js';
import type { Merchant } from './repository.js';
import { isRegionRestricted, REGION_VERDICTS_PER_MERCHANT, systemStatus } from './status.js';

function merchant(blocked: string[], allowed: string[] | null): Merchant {
  const seed = demoMerchants(new Date()).find((each) => each.merchant.code === 'aurora')?.merchant;
  if (seed === undefined) throw new Error('no demo merchant aurora');
  return {
    id: 1,
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
    region: new RegionRule(blocked, allowed),
    mainHost: seed.mainHost,
    sessionIpBinding: false,
    promotionPrograms: [],
  };
}

describe('region verdicts, remembered per merchant object', () => {
  // [case, blocked, allowed, ip, restricted] — each asked twice: the remembered answer is the same.
  it.each([
    ['no rule', [], null, '203.0.113.9', false],
    ['blocked range', ['203.0.113.0/24'], null, '203.0.113.9', true],
    ['outside the blocked range', ['203.0.113.0/24'], null, '198.51.100.1', false],
    ['IPv4-mapped IPv6 of a blocked address', ['203.0.113.0/24'], null, '::ffff:203.0.113.9', true],
    ['allow-list miss', [], ['198.51.100.0/24'], '203.0.113.9', true],
    ['allow-list hit', [], ['198.51.100.0/24'], '198.51.100.20', false],
    ['IPv6 blocked', ['2001:db8::/32'], null, '2001:db8::1', true],
    ['not an address, no allow-list', ['203.0.113.0/24'], null, 'not-an-ip', false],
    ['not an address, with an allow-list', [], ['198.51.100.0/24'], 'not-an-ip', true],
  ] as const)('%s', (_case, blocked, allowed, ip, restricted) => {
    const each = merchant([...blocked], allowed === null ? null : [...allowed]);
    expect(isRegionRestricted(each, ip)).toBe(restricted);
    expect(isRegionRestricted(each, ip)).toBe(restricted);
    expect(systemStatus(each, ip, new Date()).regionRestriction).toBe(restricted);
  });

  it('a reloaded merchant (new object) with a changed rule answers by the new rule', () => {
    const ip = '203.0.113.9';
    expect(isRegionRestricted(merchant([], null), ip)).toBe(false);
    expect(isRegionRestricted(merchant(['203.0.113.0/24'], null), ip)).toBe(true);
  });

  it('stays right past the bound of remembered ips (a flood of distinct callers)', () => {
    const each = merchant(['10.0.0.0/8'], null);
    const count = REGION_VERDICTS_PER_MERCHANT * 2 + 7;
    for (let index = 0; index < count; index += 1) {
      const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
      expect(isRegionRestricted(each, ip)).toBe(true);
      expect(isRegionRestricted(each, `172.16.${(index >> 8) & 255}.${index & 255}`)).toBe(false);
    }
  });
});
