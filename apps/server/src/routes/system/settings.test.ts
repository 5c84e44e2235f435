import { DEFAULT_GEETEST_VERSION, DEFAULT_PROFILE_ICON_COUNT } from '@wps/contract/constants';
import { ErrorCode } from '@wps/contract/errorCodes';
import { WHITELABEL_FLAGS } from '@wps/contract/flags';
import type { CommonSettings, Country, DomainRoute } from '@wps/contract/system';
import type { WpsSuccess } from '@wps/contract/envelope';
import { endpoints } from '@wps/contract/endpoints';
import { whitelabelFlagsSchema } from '@wps/contract/schemas/system';
import { describe, expect, it } from 'vitest';
import { backends, updateMerchant, useTestApp } from '../../test/test-app.js';

describe.each(backends)('GET /wps/system/settings (%s)', (backend) => {
  const t = useTestApp(backend);

  async function settings(host: string): Promise<CommonSettings> {
    const response = await t.app.inject({ url: endpoints.settings.path, headers: { host } });
    expect(response.statusCode).toBe(200);
    return (response.json() as WpsSuccess<CommonSettings>).value;
  }

  it.each([
    {
      host: 'localhost',
      code: 'aurora',
      language: 'EN',
      currency: 'PHP',
      symbol: '₱',
      position: 'before',
      dial: '63',
    },
    {
      host: 'lotus.localhost',
      code: 'lotus',
      language: 'VI',
      currency: 'VND',
      symbol: '₫',
      position: 'after',
      dial: '84',
    },
    {
      host: 'orbit.localhost',
      code: 'orbit',
      language: 'AR',
      currency: 'USD',
      symbol: '$',
      position: 'before',
      dial: '971',
    },
  ])(
    '$code: language, currency and country',
    async ({ host, code, language, currency, symbol, position, dial }) => {
      const value = await settings(host);
      expect(value).toMatchObject({
        merchantCode: code,
        defaultLanguage: language,
        currency,
        currencySymbol: symbol,
        currencyPosition: position,
        countryDialingCode: dial,
      });
      expect(value.languages).toContain(language);
      expect(value.countries.map((country) => country.code)).toContain(value.countryCode);
    },
  );

  it.each(['localhost', 'lotus.localhost', 'orbit.localhost'])(
    '%s: every whitelabel flag is present',
    async (host) => {
      const value = await settings(host);
      expect(Object.keys(value.whitelabelVal).sort()).toEqual([...WHITELABEL_FLAGS].sort());
      expect(whitelabelFlagsSchema.safeParse(value.whitelabelVal).success).toBe(true);
    },
  );

  it('lays stored flags over all-off and differs per merchant', async () => {
    const aurora = await settings('localhost');
    const lotus = await settings('lotus.localhost');
    expect(aurora.whitelabelVal).toMatchObject({
      MOBILEAUTOLOGIN3: true,
      LOGINCAPTCHA3: true,
      CBS3: true,
      STARTGAMEINAPP3: false,
    });
    expect(lotus.whitelabelVal).toMatchObject({
      STARTGAMEINAPP3: true,
      TELEGRAMLOGIN3: true,
      LOGINCAPTCHA3: false,
      SMSCAPTCHA3: false,
      REGCAPTCHA3: false,
    });
    expect(aurora.register.captcha.enabled).toBe(true);
    expect(lotus.register.captcha.enabled).toBe(false);
  });

  it('drops unknown and non-boolean stored flags', async () => {
    await updateMerchant(t.db, 'orbit', {
      flags: { CBS3: true, NOT_A_FLAG: true, LINELOGIN3: 'yes' } as unknown as Record<string, boolean>,
    });
    const value = await settings('orbit.localhost');
    expect(value.whitelabelVal).not.toHaveProperty('NOT_A_FLAG');
    expect(value.whitelabelVal).toMatchObject({ CBS3: true, LINELOGIN3: false });
  });

  it('fills gateway defaults (GEETEST_VERSION v3, PROFILE_ICON_COUNT 9)', async () => {
    const lotus = await settings('lotus.localhost');
    expect(lotus.gw).toEqual({
      GEETEST_ID: null,
      GEETEST_VERSION: DEFAULT_GEETEST_VERSION,
      LINE_CLIENT_ID: null,
      VOLUUM_DOMAIN: null,
      PROFILE_ICON_COUNT: DEFAULT_PROFILE_ICON_COUNT,
    });
    const aurora = await settings('localhost');
    expect(aurora.gw).toMatchObject({ GEETEST_VERSION: 'v4', PROFILE_ICON_COUNT: 12 });
  });

  it('hands out favicon and splash only when https', async () => {
    const before = await settings('lotus.localhost');
    await updateMerchant(t.db, 'lotus', {
      template: {
        ...before.mobileTemplate,
        favicon: 'http://insecure.example/favicon.png',
        splash: 'https://cdn.example/splash.png',
        colors: { ...before.mobileTemplate.colors, accent: 'red;}' },
      },
    });
    const value = await settings('lotus.localhost');
    expect(value.mobileTemplate.favicon).toBeNull();
    expect(value.mobileTemplate.splash).toBe('https://cdn.example/splash.png');
    expect(value.mobileTemplate.colors.accent).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('answers domain_not_available for an unknown host', async () => {
    const response = await t.app.inject({
      url: endpoints.settings.path,
      headers: { host: 'nowhere.example' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: ErrorCode.DOMAIN_NOT_AVAILABLE });
  });
});

describe.each(backends)('country and domainRoute (%s)', (backend) => {
  const t = useTestApp(backend);

  it.each([
    ['localhost', ['PH', 'SG', 'MY', 'TH', 'ID', 'JP', 'KR', 'HK', 'TW']],
    ['lotus.localhost', ['VN']],
    ['orbit.localhost', ['AE', 'SA', 'EG', 'US']],
  ])('%s lists its countries in order', async (host, codes) => {
    const response = await t.app.inject({ url: endpoints.country.path, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const countries = (response.json() as WpsSuccess<Country[]>).value;
    expect(countries.map((country) => country.code)).toEqual(codes);
    for (const country of countries) expect(country.dialingCode).toMatch(/^\d{1,4}$/);
  });

  it.each([
    ['localhost', ['localhost', 'aurora.localhost']],
    ['lotus.localhost', ['lotus.localhost']],
  ])('%s lists only its listed domains', async (host, domains) => {
    const response = await t.app.inject({
      url: `${endpoints.domainRoute.path}?device=MOBILE`,
      headers: { host },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect((response.json() as WpsSuccess<DomainRoute>).value).toEqual({ domainList: domains });
  });

  it('rejects a bad device', async () => {
    const response = await t.app.inject({ url: `${endpoints.domainRoute.path}?device=WATCH` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST });
  });
});
