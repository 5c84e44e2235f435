import { SystemPath } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../test/test-app.js';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/m/home', '/m/home'],
    ['/m/home?token=abc', '/m/home'],
    ['/m/home?a=1&token=abc&tokens=def&Authorization=x&b=2', '/m/home?a=1&b=2'],
    ['/wps/x?affiliateCode=z', '/wps/x?affiliateCode=z'],
    ['/demo-game/?ticket=abc', '/demo-game/'],
    ['/demo-game?a=1&ticket=abc', '/demo-game?a=1'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe.each(backends)('request logs (%s)', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, {
    config: { logLevel: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });

  it('never carry tokens, authorization or cookies', async () => {
    await t.app.inject({
      url: `${SystemPath.status}?device=MOBILE&token=tok-secret-1&tokens=tok-secret-2`,
      headers: { authorization: 'Bearer tok-secret-3', cookie: 'sid=tok-secret-4' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/wps/system/collect',
      payload: { value: { password: 'tok-secret-5' } },
    });
    const logs = lines.join('');
    expect(logs).toContain(SystemPath.status);
    for (let i = 1; i <= 5; i += 1) expect(logs).not.toContain(`tok-secret-${i}`);
  });
});
