import { randomBytes } from 'node:crypto';
import { AppPath } from '@wps/contract/routes';
import { endpoints } from '@wps/contract/endpoints';
import { LINE_STAND_IN, MAYA_STAND_IN, TELEGRAM_STAND_IN } from '@wps/contract/socialProviders';
import { SystemResourcePath } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import { merchants } from '../db/schema/index.js';
import { DEMO_IDENTITY_PROVIDERS } from '../seed/identity-providers.js';
import { demoMerchants } from '../seed/merchants.js';
import { backends, updateMerchant, useTestApp } from '../test/test-app.js';

const HOSTS: Record<string, string> = {
  aurora: 'localhost',
  lotus: 'lotus.localhost',
  orbit: 'orbit.localhost',
};

describe.each(backends)('merchant secrets never leave the server (%s)', (backend) => {
  const logLines: string[] = [];
  const t = useTestApp(backend, {
    webDist: true,
    config: { logLevel: 'trace' },
    logStream: { write: (line) => void logLines.push(line) },
  });

  it('appear in no answer of any call for any merchant, nor in the logs', async () => {
    const rows = await t.db.select({ code: merchants.code }).from(merchants);
    const planted: string[] = demoMerchants(new Date()).flatMap((seed) =>
      Object.values(seed.merchant.secrets ?? {}),
    );
    for (const { code } of rows) {
      const secrets = {
        GEETEST_KEY: `geetest-${randomBytes(8).toString('hex')}`,
        SMS_API_SECRET: `sms-${randomBytes(8).toString('hex')}`,
      };
      planted.push(...Object.values(secrets));
      await updateMerchant(t.db, code, { secrets });
    }
    // The identity providers' secrets (issue 14): channel secret, bot token, wallet client secret.
    for (const seed of DEMO_IDENTITY_PROVIDERS) {
      planted.push(
        ...Object.values(seed.secretConfig).filter((value): value is string => typeof value === 'string'),
      );
    }
    expect(planted.length).toBeGreaterThan(6);

    const answers: string[] = [];
    for (const { code } of rows) {
      const host = HOSTS[code] ?? `${code}.localhost`;
      const calls = [
        { url: `${endpoints.status.path}?device=MOBILE` },
        { url: endpoints.settings.path },
        { url: endpoints.country.path },
        { url: `${endpoints.domainRoute.path}?device=MOBILE` },
        { url: `${SystemResourcePath.manifest}?merchantCode=${code}` },
        { url: SystemResourcePath.manifest },
        { url: `/wps/system/icon/192.png?merchantCode=${code}` },
        { url: AppPath.home },
        { url: '/m/unknown-page' },
        { url: '/wps/no-such-call' },
        { url: endpoints.collect.path, method: 'POST' as const, payload: { value: 'x' } },
        { url: endpoints.telegramLoginSetting.path },
        { url: `${TELEGRAM_STAND_IN.widgetPath}?bot_id=1000000001&user=lan` },
        { url: `${TELEGRAM_STAND_IN.initDataPath}?user=lan` },
        { url: `${LINE_STAND_IN.liffTokenPath}?user=lan` },
        { url: `${MAYA_STAND_IN.launchPath}?user=ana` },
        {
          url: endpoints.loginTelegram.path,
          method: 'POST' as const,
          payload: { telegramAuth: '{"id":1,"auth_date":1,"hash":"00"}', loginDeviceId: 'd' },
        },
      ];
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: { host } });
        answers.push(JSON.stringify(response.headers), response.body);
      }
    }
    const everything = answers.join('\n');
    const logs = logLines.join('\n');
    for (const secret of planted) {
      expect(everything).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
