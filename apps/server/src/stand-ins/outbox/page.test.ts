import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { AURORA, LOTUS } from '../../test/accounts.js';
import { merchantRow, useTestApp } from '../../test/test-app.js';
import { codeOf, OUTBOX_PAGE_PATH } from './page.js';

describe('the outbox page of the stand-ins (a development start without DEV_MODE, as npm start runs)', () => {
  const t = useTestApp('pglite', { config: { devMode: false } });

  const page = (host: string) => t.app.inject({ url: OUTBOX_PAGE_PATH, headers: { host } });

  it('lists the host merchant’s SMS and mail, newest first, with the code picked out; never another merchant’s', async () => {
    const [aurora, lotus] = [await merchantRow(t.db, 'aurora'), await merchantRow(t.db, 'lotus')];
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
    await t.db.insert(outboxMessages).values([
      {
        merchantId: aurora.id,
        channel: 'sms',
        destination: '63 9170000009',
        text: 'code 111111',
        createdAt: at(1),
      },
      {
        merchantId: aurora.id,
        channel: 'sms',
        destination: '63 9170000009',
        text: 'code 222222',
        createdAt: at(2),
      },
      {
        merchantId: aurora.id,
        channel: 'email',
        destination: 'x@aurora.example',
        text: 'Reset\n<b>333333</b>',
        createdAt: at(3),
      },
      {
        merchantId: lotus.id,
        channel: 'sms',
        destination: '84 912000009',
        text: 'code 444444',
        createdAt: at(4),
      },
    ]);
    const answer = await page(AURORA);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = answer.body;
    expect(html.indexOf('222222')).toBeLessThan(html.indexOf('111111'));
    expect(html).toContain('+63 9170000009');
    expect(html).toContain('&lt;b&gt;333333&lt;/b&gt;');
    expect(html).not.toContain('<b>333333');
    expect(html).not.toContain('444444');
    expect((await page(LOTUS)).body).toContain('444444');
    expect((await page('unknown.test')).statusCode).toBe(404);
  });

  it.each([
    ['Aurora Play: your registration code is 123456. It expires in 5 minutes.', '123456'],
    ['Login code\nYour code is 000000.', '000000'],
    ['no code here 12345 or 1234567', null],
  ])('the code of %j is %j', (text, code) => {
    expect(codeOf(text)).toBe(code);
  });
});
