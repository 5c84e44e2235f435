import { describe, expect, it } from 'vitest';
import { RegionRule } from '../../lib/ip-rules.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { demoMerchants } from '../../seed/merchants.js';
import { isIndexable, personaliseHtml } from './personalise.js';

function merchant(code: string): Merchant {
  const seed = demoMerchants(new Date()).find((each) => each.merchant.code === code)?.merchant;
  if (seed === undefined) throw new Error(`no demo merchant ${code}`);
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
    region: new RegionRule([], null),
    mainHost: seed.mainHost,
    sessionIpBinding: false,
    promotionPrograms: [],
  };
}

describe('personaliseHtml', () => {
  it('injects before </head> when the marker is missing, and keeps other <html> attributes', () => {
    const html = personaliseHtml(
      "<html class='x' lang='en'><head><title>T</title></head><body></body></html>",
      merchant('orbit'),
      false,
    );
    expect(html).toMatch(/^<html lang="ar" dir="rtl" class='x'>/);
    expect(html).toMatch(/<style>html:root\{[^}]+\}<\/style>\n {2}<\/head>/);
    expect(html).toContain('<title>Orbit Games</title>');
  });

  it.each([
    ['aurora', 'Aurora Play'],
    ['lotus', 'Lotus Lotto'],
  ])('writes the %s name into the static shell header, so the first paint has content', (code, name) => {
    const template =
      '<html><head><title>Play</title></head><body><span class="shell-brand"><!--wps:brand--></span></body></html>';
    expect(personaliseHtml(template, merchant(code), true)).toContain(
      `<span class="shell-brand">${name}</span>`,
    );
  });

  it('escapes the name it writes into the shell header', () => {
    const hostile = { ...merchant('aurora'), name: '<img src=x onerror=alert(1)>&' };
    const html = personaliseHtml('<html><head></head><body><!--wps:brand--></body></html>', hostile, true);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;');
    expect(html).not.toContain('<img');
  });

  it('leaves an unknown host page alone but for noindex', () => {
    const template = '<html lang="en" dir="ltr"><head><title>Play</title><!--wps:head--></head></html>';
    expect(personaliseHtml(template, null, false)).toBe(
      '<html lang="en" dir="ltr"><head><title>Play</title><meta name="robots" content="noindex"></head></html>',
    );
  });
});

describe('isIndexable', () => {
  const aurora = merchant('aurora');
  it.each([
    ['/m/home', 'localhost', true],
    ['/m/activity', 'localhost', true],
    ['/m/member/home', 'localhost', false],
    ['/m/home', 'aurora.localhost', false],
    ['/m/game', 'localhost', false],
  ])('%s on %s → %s', (path, host, indexable) => {
    expect(isIndexable(path, host, aurora)).toBe(indexable);
  });

  it('is never true for an unknown merchant', () => {
    expect(isIndexable('/m/home', 'localhost', null)).toBe(false);
  });
});
