import { endpoints } from '@wps/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../test/test-app.js';
import { redactUrl, serializeError } from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/m/home', '/m/home'],
    ['/m/home?token=abc', '/m/home'],
    ['/m/home?a=1&token=abc&tokens=def&Authorization=x&b=2', '/m/home?a=1&b=2'],
    ['/wps/x?affiliateCode=z', '/wps/x?affiliateCode=z'],
    ['/demo-game/?ticket=abc', '/demo-game/'],
    ['/demo-game?a=1&ticket=abc', '/demo-game?a=1'],
    // A marketing event batch (customer name, click ids) is a payload: never in the log.
    ['/wps/system/test/ping?events=%7B%22events%22%3A%5B%5D%7D', '/wps/system/test/ping'],
    ['/wps/system/test/ping?_=1&Events=x', '/wps/system/test/ping?_=1'],
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
      url: `${endpoints.status.path}?device=MOBILE&token=tok-secret-1&tokens=tok-secret-2`,
      headers: { authorization: 'Bearer tok-secret-3', cookie: 'sid=tok-secret-4' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/wps/system/collect',
      payload: { value: { password: 'tok-secret-5' } },
    });
    const logs = lines.join('');
    expect(logs).toContain(endpoints.status.path);
    for (let i = 1; i <= 5; i += 1) expect(logs).not.toContain(`tok-secret-${i}`);
  });
});

describe('errors in the log', () => {
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
  const queryError = () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (username)=(victim) already exists.',
    });
    return Object.assign(
      new Error(
        `Failed query: insert into "customers" ("username", "password_hash") values ($1, $2)\nparams: victim,${hash}`,
      ),
      { query: 'insert …', params: ['victim', hash], cause },
    );
  };

  it.each([
    ['the parameters of a failed query', hash],
    ['a member input among them', 'victim'],
    ['a driver detail quoting the values', 'Key (username)'],
  ])('never carry %s', (_label, secret) => {
    expect(JSON.stringify(serializeError(queryError()))).not.toContain(secret);
  });

  it('keep what an operator needs: type, text up to the parameters, SQLSTATE of the cause, stack', () => {
    const logged = serializeError(queryError());
    expect(logged.message).toContain('Failed query: insert into "customers"');
    expect(logged.message).toContain('params: [redacted]');
    expect(logged.cause?.code).toBe('23505');
    expect(logged.stack).toContain('logging.test');
  });
});
