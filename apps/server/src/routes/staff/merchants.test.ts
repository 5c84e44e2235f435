import { endpoints } from '@wps/contract/endpoints';
import { WHITELABEL_FLAGS } from '@wps/contract/flags';
import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import type { CommonSettings } from '@wps/contract/system';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/index.js';
import { KeyEncryptionKey } from '../../services/keys/key-encryption-key.js';
import { openMerchantSecret } from '../../services/merchants/secrets.js';
import { AURORA, LOTUS } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, merchantRow, TEST_SECRET_KEY, useTestApp } from '../../test/test-app.js';

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

describe.each(backends)('back office Merchants section (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let admin = '';
  let supervisor = '';
  let agent = '';
  let lotusAdmin = '';

  beforeAll(async () => {
    admin = await signIn(t.app, 'aurora-owner');
    supervisor = await signIn(t.app, 'aurora-lead');
    agent = await signIn(t.app, 'aurora-agent');
    lotusAdmin = await signIn(t.app, 'lotus-owner', LOTUS);
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

  const save = (body: Record<string, unknown>, cookie = admin, code = 'aurora', host = AURORA) =>
    call<StaffMerchantView>('POST', `merchants/${code}`, cookie, body, host);

  async function settingsOn(host: string): Promise<CommonSettings> {
    const response = await t.app.inject({ method: 'GET', url: '/wps/system/settings', headers: { host } });
    return response.json<Answer<CommonSettings>>().value as CommonSettings;
  }

  it('reads only the merchant the staff member works for; others answer as unknown ones do', async () => {
    const cases: [string, 'GET', string, () => string, string, number, string | null][] = [
      ['the list', 'GET', 'merchants', () => admin, AURORA, 200, null],
      ['its own merchant', 'GET', 'merchants/aurora', () => admin, AURORA, 200, null],
      ['another merchant', 'GET', 'merchants/lotus', () => admin, AURORA, 404, 'merchant_not_found'],
      ['an unknown merchant', 'GET', 'merchants/nowhere', () => admin, AURORA, 404, 'merchant_not_found'],
      [
        'a code no merchant may have',
        'GET',
        'merchants/..%2Fadmin',
        () => admin,
        AURORA,
        400,
        'invalid_request',
      ],
      [
        'lotus staff asking for aurora',
        'GET',
        'merchants/aurora',
        () => lotusAdmin,
        LOTUS,
        404,
        'merchant_not_found',
      ],
      [
        "lotus staff's cookie on aurora's host",
        'GET',
        'merchants/aurora',
        () => lotusAdmin,
        AURORA,
        401,
        'staff_not_signed_in',
      ],
      ['a supervisor', 'GET', 'merchants/aurora', () => supervisor, AURORA, 403, 'staff_forbidden'],
      ['an agent', 'GET', 'merchants', () => agent, AURORA, 403, 'staff_forbidden'],
      ['signed out', 'GET', 'merchants/aurora', () => '', AURORA, 401, 'staff_not_signed_in'],
    ];
    for (const [label, method, path, cookie, host, status, errorCode] of cases) {
      const { status: got, answer } = await call(method, path, cookie(), undefined, host);
      expect({ label, status: got, errorCode: answer.errorCode ?? null }).toEqual({
        label,
        status,
        errorCode,
      });
    }
    const list = await call<{ code: string }[]>('GET', 'merchants', admin);
    expect(list.answer.value).toEqual([{ code: 'aurora', name: 'Aurora Play' }]);
  });

  it('names the secrets that are set and never their values', async () => {
    const { body, answer } = await call<StaffMerchantView>('GET', 'merchants/aurora', admin);
    expect(answer.value?.secretsSet).toEqual(['SMS_API_SECRET', 'TRACKING_REPORT_TOKEN']);
    expect(body).not.toContain('aurora-sms-api-secret-demo');
    expect(body).not.toContain('aurora-report-token-demo');
    // The LINE and Maya rows' secrets of the seed: named, not shown.
    const line = answer.value?.identityProviders.find((provider) => provider.provider === 'line');
    expect(line?.secretsSet).toContain('channelSecret');
    expect(body).not.toContain('aurora-line-channel-secret-demo');
    expect(body).not.toContain('aurora-maya-client-secret-demo');
    expect(answer.value?.flags.LOGINCAPTCHA3).toBe(true);
    // Every flag of spec section 6 is named, set or not.
    expect(Object.keys(answer.value?.flags ?? {}).sort()).toEqual([...WHITELABEL_FLAGS].sort());
  });

  it('refuses a hostile or inconsistent save with an error code, and changes nothing', async () => {
    const before = await merchantRow(t.db, 'aurora');
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        'a domain lotus holds',
        { domains: [{ domain: 'lotus.localhost', listed: true }] },
        409,
        'merchant_domain_taken',
      ],
      [
        'a domain twice',
        {
          domains: [
            { domain: 'a.test', listed: true },
            { domain: 'a.test', listed: false },
          ],
        },
        400,
        'invalid_request',
      ],
      [
        'a domain with a scheme',
        { domains: [{ domain: 'https://a.test', listed: true }] },
        400,
        'invalid_request',
      ],
      ['an upper-case domain', { domains: [{ domain: 'A.TEST', listed: true }] }, 400, 'invalid_request'],
      ['no domain at all', { domains: [] }, 400, 'invalid_request'],
      [
        'a default language not offered',
        { languages: ['EN'], defaultLanguage: 'TH' },
        400,
        'invalid_request',
      ],
      ['an unknown language', { languages: ['XX'] }, 400, 'invalid_request'],
      ['an unknown country', { countries: ['PH', 'ZZ'] }, 400, 'invalid_request'],
      ['a lower-case currency', { currency: 'php' }, 400, 'invalid_request'],
      ['an unknown jurisdiction profile', { jurisdictionProfileId: 'nowhere-like' }, 400, 'invalid_request'],
      [
        'a maintenance window ending before it starts',
        { maintenance: { start: '2026-05-02T00:00:00Z', end: '2026-05-01T00:00:00Z' } },
        400,
        'invalid_request',
      ],
      [
        'a region rule that is no address',
        { region: { blocked: ['not-an-ip'], allowed: null } },
        400,
        'invalid_request',
      ],
      ['an unknown flag', { flags: { NOSUCHFLAG3: true } }, 400, 'invalid_request'],
      ['a flag that is not yes or no', { flags: { CBS3: 'yes' } }, 400, 'invalid_request'],
      ['an unknown secret name', { secrets: { DATABASE_URL: 'x' } }, 400, 'invalid_request'],
      [
        'an unknown payment provider',
        { paymentProviders: [{ provider: 'nope', apiBase: 'https://p.test', enabled: true }] },
        400,
        'invalid_request',
      ],
      [
        'payment secrets that are no JSON object',
        {
          paymentProviders: [
            { provider: 'demo', apiBase: 'standin://demopay', enabled: true, secrets: '[1]' },
          ],
        },
        400,
        'invalid_request',
      ],
      ['a field the form does not have', { secretsSet: ['GEETEST_KEY'] }, 400, 'invalid_request'],
      [
        'a script served over http',
        { providers: { ...(await providersOf()), customerServiceScript: 'http://cs.test/x.js' } },
        400,
        'invalid_request',
      ],
    ];
    for (const [label, body, status, errorCode] of cases) {
      const { status: got, answer } = await save(body);
      expect({ label, status: got, errorCode: answer.errorCode }).toEqual({ label, status, errorCode });
    }
    const after = await merchantRow(t.db, 'aurora');
    expect(after).toEqual(before);
  });

  async function providersOf() {
    const [row] = await t.db
      .select({ s: merchants.publicSettings })
      .from(merchants)
      .where(eq(merchants.code, 'aurora'));
    return {
      geetestId: null,
      geetestVersion: 'v3',
      lineClientId: null,
      voluumDomain: null,
      smsProvider: row?.s.smsProvider,
      telegramSetting: null,
      customerServiceScript: null,
      adPixels: {},
    };
  }

  it('refuses a staff member editing another merchant, whatever the section', async () => {
    const cases: [string, () => Promise<{ status: number; answer: Answer<unknown> }>][] = [
      ['aurora admin saving lotus', () => save({ name: 'Taken over' }, admin, 'lotus')],
      ['lotus admin saving aurora', () => save({ name: 'Taken over' }, lotusAdmin, 'aurora', LOTUS)],
      [
        'aurora admin theming lotus',
        () => call('POST', 'merchants/lotus/theme', admin, { code: 'lotus', template: AURORA_THEME }),
      ],
      ['an unknown merchant', () => save({ name: 'Ghost' }, admin, 'ghost')],
    ];
    for (const [label, run] of cases) {
      const { status, answer } = await run();
      expect({ label, status, errorCode: answer.errorCode }).toEqual({
        label,
        status: 404,
        errorCode: 'merchant_not_found',
      });
    }
    const forbidden = await save({ name: 'Lead' }, supervisor);
    expect([forbidden.status, forbidden.answer.errorCode]).toEqual([403, 'staff_forbidden']);
    expect((await merchantRow(t.db, 'lotus')).name).not.toBe('Taken over');
  });

  it('saves every section and the member site answers with it at once', async () => {
    const providers = { ...(await providersOf()), geetestId: 'gt-demo-id', adPixels: { meta: '1234567890' } };
    const { status, body, answer } = await save({
      name: 'Aurora Play Plus',
      languages: ['EN', 'TH', 'AR'],
      defaultLanguage: 'EN',
      countries: ['PH', 'TH'],
      jurisdictionProfileId: 'mga-like',
      domains: [
        { domain: 'localhost', listed: true },
        { domain: 'play.aurora.test', listed: false },
      ],
      flags: { CBS3: true, LOGINCAPTCHA3: false },
      region: { blocked: ['203.0.113.0/24'], allowed: null },
      providers,
      secrets: { GEETEST_KEY: 'geetest-private-key-planted', SMS_API_SECRET: '' },
    });
    expect(status).toBe(200);
    expect(body).not.toContain('geetest-private-key-planted');
    expect(answer.value?.secretsSet).toEqual(['GEETEST_KEY', 'TRACKING_REPORT_TOKEN']);
    expect(answer.value?.countries).toEqual(['PH', 'TH']);
    const settings = await settingsOn(AURORA);
    expect(settings.merchantName).toBe('Aurora Play Plus');
    expect(settings.languages).toEqual(['EN', 'TH', 'AR']);
    expect(settings.whitelabelVal.CBS3).toBe(true);
    expect(settings.whitelabelVal.LOGINCAPTCHA3).toBe(false);
    expect(settings.gw.GEETEST_ID).toBe('gt-demo-id');
    expect(settings.adPixels).toEqual({ meta: '1234567890' });
    expect(settings.countries.map((country) => country.code)).toEqual(['PH', 'TH']);
    expect(JSON.stringify(settings)).not.toContain('geetest-private-key-planted');
    expect((await settingsOn('play.aurora.test')).merchantCode).toBe('aurora');
    // Sealed at rest, bound to the merchant and the name, and opened for the captcha check alone.
    const row = await merchantRow(t.db, 'aurora');
    const stored = row.secrets.GEETEST_KEY ?? '';
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('planted');
    const kek = new KeyEncryptionKey(TEST_SECRET_KEY);
    expect(openMerchantSecret(kek, row.id, 'GEETEST_KEY', stored)).toBe('geetest-private-key-planted');
    expect(openMerchantSecret(kek, row.id + 1, 'GEETEST_KEY', stored)).toBeNull();
    expect(openMerchantSecret(kek, row.id, 'SMS_API_SECRET', stored)).toBeNull();
    expect(row.secrets.SMS_API_SECRET).toBeUndefined();
    // The sealed key opens where it is used: the merchant is now on Geetest, which has no text captcha.
    const captcha = await t.app.inject({
      method: 'GET',
      url: `${endpoints.captchaText.path}?t=1`,
      headers: { host: AURORA },
    });
    expect(captcha.json<Answer<unknown>>().errorCode).toBe('captcha_invalid');
    // The staff audit chain keeps the save, never the secret.
    const audit = await call<{ action: string }[]>('GET', 'audit', admin);
    expect(audit.body).not.toContain('geetest-private-key-planted');
  });
});
