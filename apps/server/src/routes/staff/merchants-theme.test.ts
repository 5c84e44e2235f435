import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import { SystemResourcePath, type CommonSettings, type WebManifest } from '@wps/contract/system';
import { beforeAll, describe, expect, it } from 'vitest';
import { AURORA } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

interface Answer<V> {
  success: boolean;
  value?: V;
  errorCode?: string;
  data?: unknown;
}

const AURORA_THEME = {
  h5_logo: null,
  app_background: null,
  app_desc: 'Play on your phone.',
  app_desc_font_color: '#f5f7ff',
  login_prompt_text: 'Sign in after installing.',
  favicon: 'https://cdn.example.test/favicon.png',
  splash: null,
  pwa: true,
  desktop_app_feature: false,
  apple_touch_icon: null,
  colors: {
    primary: '#004d40',
    primaryContrast: '#ffffff',
    background: '#101418',
    surface: '#1b232b',
    text: '#f4f6f8',
    textMuted: '#b0bec5',
    accent: '#ffc107',
    accentContrast: '#000000',
  },
};

describe.each(backends)('back office Theme and new merchants (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let admin = '';
  let supervisor = '';

  beforeAll(async () => {
    admin = await signIn(t.app, 'platform-ops');
    supervisor = await signIn(t.app, 'aurora-lead');
  });

  async function call<V>(
    method: 'GET' | 'POST',
    path: string,
    cookie: string,
    body?: unknown,
    host = AURORA,
  ) {
    const response = await staffCall(t.app, method, path, cookie, body, host);
    return { status: response.statusCode, body: response.body, answer: response.json<Answer<V>>() };
  }

  async function settingsOn(host: string): Promise<CommonSettings> {
    const response = await t.app.inject({ method: 'GET', url: '/wps/system/settings', headers: { host } });
    return response.json<Answer<CommonSettings>>().value as CommonSettings;
  }

  it('checks the theme contrast on the server too and follows a saved theme in the manifest', async () => {
    const theme = (colors: Partial<typeof AURORA_THEME.colors>, extra: Record<string, unknown> = {}) => ({
      code: 'aurora',
      template: { ...AURORA_THEME, ...extra, colors: { ...AURORA_THEME.colors, ...colors } },
    });
    const cases: [string, ReturnType<typeof theme>, number, string][] = [
      ['white text on a yellow accent', theme({ accentContrast: '#ffffff' }), 400, 'theme_contrast_low'],
      ['grey on grey', theme({ text: '#777777', background: '#888888' }), 400, 'theme_contrast_low'],
      ['muted text that vanishes', theme({ textMuted: '#1b232b' }), 400, 'theme_contrast_low'],
      ['a colour that is no colour', theme({ primary: 'red' }), 400, 'invalid_request'],
      ['a script as a colour', theme({ primary: 'url(javascript:alert(1))' }), 400, 'invalid_request'],
      ['an http favicon', theme({}, { favicon: 'http://cdn.example.test/f.png' }), 400, 'invalid_request'],
      ['a javascript logo', theme({}, { h5_logo: 'javascript:alert(1)' }), 400, 'invalid_request'],
      [
        'an html page as a logo',
        theme({}, { h5_logo: 'data:text/html,<script>alert(1)</script>' }),
        400,
        'invalid_request',
      ],
      [
        'a logo breaking out of its url()',
        theme({}, { app_background: 'data:image/png,x")}body{x' }),
        400,
        'invalid_request',
      ],
    ];
    for (const [label, body, status, errorCode] of cases) {
      const { status: got, answer } = await call('POST', 'merchants/aurora/theme', admin, body);
      expect({ label, status: got, errorCode: answer.errorCode }).toEqual({ label, status, errorCode });
    }
    // The theme as stored (the seed's generated SVG logo and background) saves unchanged.
    const stored = await call<StaffMerchantView>('GET', 'merchants/aurora', admin);
    const asStored = await call('POST', 'merchants/aurora/theme', admin, {
      code: 'aurora',
      template: stored.answer.value?.template,
    });
    expect(asStored.status).toBe(200);
    const refused = await call('POST', 'merchants/aurora/theme', admin, theme({ accentContrast: '#ffffff' }));
    expect(refused.answer.data).toEqual({
      failures: [{ text: 'accentContrast', under: 'accent', ratio: 1.63 }],
    });

    const saved = await call<StaffMerchantView>('POST', 'merchants/aurora/theme', admin, theme({}));
    expect(saved.status).toBe(200);
    const settings = await settingsOn(AURORA);
    expect(settings.mobileTemplate.colors.primary).toBe('#004d40');
    expect(settings.mobileTemplate.login_prompt_text).toBe('Sign in after installing.');
    const manifest = await t.app.inject({
      method: 'GET',
      url: SystemResourcePath.manifest,
      headers: { host: AURORA },
    });
    const body = JSON.parse(manifest.body) as WebManifest;
    expect([body.theme_color, body.background_color]).toEqual(['#004d40', '#101418']);
  });

  it('creates a merchant that answers on its domain, and refuses a taken code or domain', async () => {
    const nova = {
      code: 'nova',
      name: 'Nova Bet',
      domain: 'nova.example.test',
      defaultLanguage: 'EN',
      currency: 'USD',
      currencySymbol: '$',
      countryCode: 'PH',
    };
    const cases: [string, () => string, Record<string, unknown>, number, string | null][] = [
      ['a supervisor', () => supervisor, nova, 403, 'staff_forbidden'],
      ['a taken code', () => admin, { ...nova, code: 'lotus' }, 409, 'merchant_code_taken'],
      ['a taken domain', () => admin, { ...nova, domain: 'lotus.localhost' }, 409, 'merchant_domain_taken'],
      ['an upper-case code', () => admin, { ...nova, code: 'Nova' }, 400, 'invalid_request'],
      ['an unknown country', () => admin, { ...nova, countryCode: 'ZZ' }, 400, 'invalid_request'],
      [
        'a theme failing contrast',
        () => admin,
        { ...nova, template: { ...AURORA_THEME, colors: { ...AURORA_THEME.colors, text: '#1b232b' } } },
        400,
        'theme_contrast_low',
      ],
      ['the new merchant, themed', () => admin, { ...nova, template: AURORA_THEME }, 200, null],
      ['the same again', () => admin, nova, 409, 'merchant_code_taken'],
    ];
    for (const [label, cookie, body, status, errorCode] of cases) {
      const { status: got, answer } = await call('POST', 'merchants', cookie(), body);
      expect({ label, status: got, errorCode: answer.errorCode ?? null }).toEqual({
        label,
        status,
        errorCode,
      });
    }
    const settings = await settingsOn('nova.example.test');
    expect([settings.merchantCode, settings.merchantName, settings.currency]).toEqual([
      'nova',
      'Nova Bet',
      'USD',
    ]);
    expect(Object.values(settings.whitelabelVal).every((on) => !on)).toBe(true);
    expect(settings.mobileTemplate.colors.primary).toBe(AURORA_THEME.colors.primary);
    // Created by aurora's staff, it is still not theirs to read or edit.
    const theirs = await call('GET', 'merchants/nova', admin);
    expect([theirs.status, theirs.answer.errorCode]).toEqual([404, 'merchant_not_found']);
  });
});
