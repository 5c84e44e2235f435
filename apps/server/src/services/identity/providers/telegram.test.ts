import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeWidgetAuth, signInitData, signWidgetAuth } from '../../../stand-ins/telegram/sign.js';
import {
  TELEGRAM_AUTH_MAX_LENGTH,
  TELEGRAM_CLOCK_SKEW_S,
  TELEGRAM_INIT_DATA_MAX_AGE_S,
  TELEGRAM_WIDGET_MAX_AGE_S,
  verifyTelegramAuth,
  type TelegramRefusal,
} from './telegram.js';

const BOT = '1000000001:lotus-stand-in-bot-token';
const OTHER_BOT = '2000000002:another-merchants-bot-token';
const NOW_MS = Date.UTC(2026, 10, 23, 9, 0, 0);
const NOW_S = NOW_MS / 1000;

const widgetFields = {
  id: 424242,
  first_name: 'Lan',
  last_name: 'Nguyen',
  username: 'lan_n',
  photo_url: 'https://t.me/i/userpic/320/lan.jpg',
  auth_date: NOW_S - 60,
};

function widget(fields: Record<string, string | number> = widgetFields, bot = BOT): string {
  return encodeWidgetAuth(signWidgetAuth(fields, bot));
}

const initFields = {
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user: JSON.stringify({ id: 5150, first_name: 'Minh', username: 'minh', language_code: 'vi' }),
  auth_date: String(NOW_S - 30),
};

function initData(fields: Record<string, string> = initFields, bot = BOT): string {
  return signInitData(fields, bot);
}

/** Re-encodes a widget result's JSON text after `edit` (the hash is kept as signed). */
function editWidgetJson(text: string, edit: (json: string) => string): string {
  return Buffer.from(edit(Buffer.from(text, 'base64').toString('utf8')), 'utf8').toString('base64');
}

describe('the login widget form (hash keyed by SHA-256 of the bot token)', () => {
  it('accepts a real widget result and names the user', () => {
    const result = verifyTelegramAuth(widget(), BOT, NOW_MS);
    expect(result).toEqual({
      ok: true,
      user: {
        form: 'widget',
        id: '424242',
        name: 'Lan Nguyen',
        username: 'lan_n',
        photoUrl: 'https://t.me/i/userpic/320/lan.jpg',
        authDate: NOW_S - 60,
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });

  it('matches the algorithm as Telegram documents it, computed independently', () => {
    const checkString = [
      `auth_date=${NOW_S - 60}`,
      'first_name=Lan',
      'id=424242',
      'last_name=Nguyen',
      'photo_url=https://t.me/i/userpic/320/lan.jpg',
      'username=lan_n',
    ].join('\n');
    const hash = createHmac('sha256', createHash('sha256').update(BOT).digest())
      .update(checkString)
      .digest('hex');
    const text = Buffer.from(JSON.stringify({ ...widgetFields, hash })).toString('base64url');
    expect(verifyTelegramAuth(text, BOT, NOW_MS).ok).toBe(true);
  });

  it.each([
    {
      name: 'URL-safe base64 without padding',
      encode: (t: string) => t.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    },
    { name: 'standard base64', encode: (t: string) => t },
    {
      name: 'the JSON text itself (the widget message)',
      encode: (t: string) => Buffer.from(t, 'base64').toString('utf8'),
    },
  ])('accepts $name', ({ encode }) => {
    expect(verifyTelegramAuth(encode(widget()), BOT, NOW_MS).ok).toBe(true);
  });

  const refusals: { name: string; auth: () => string; reason: TelegramRefusal; bot?: string }[] = [
    {
      name: 'a forged hash',
      auth: () => encodeWidgetAuth({ ...widgetFields, hash: 'ab'.repeat(32) }),
      reason: 'bad_hash',
    },
    {
      name: "another bot's token (another merchant)",
      auth: () => widget(widgetFields, OTHER_BOT),
      reason: 'bad_hash',
    },
    {
      name: 'a tampered id',
      auth: () => encodeWidgetAuth({ ...signWidgetAuth(widgetFields, BOT), id: 1 }),
      reason: 'bad_hash',
    },
    {
      name: 'an added field',
      auth: () => encodeWidgetAuth({ ...signWidgetAuth(widgetFields, BOT), is_admin: 'true' }),
      reason: 'bad_hash',
    },
    {
      name: 'a hash in upper case hex',
      auth: () => {
        const signed = signWidgetAuth(widgetFields, BOT);
        return encodeWidgetAuth({ ...signed, hash: String(signed.hash).toUpperCase() });
      },
      reason: 'bad_hash',
    },
    {
      name: 'a stale auth_date',
      auth: () => widget({ ...widgetFields, auth_date: NOW_S - TELEGRAM_WIDGET_MAX_AGE_S - 1 }),
      reason: 'stale',
    },
    {
      name: 'an auth_date in the future',
      auth: () => widget({ ...widgetFields, auth_date: NOW_S + TELEGRAM_CLOCK_SKEW_S + 1 }),
      reason: 'future',
    },
    { name: 'no auth_date', auth: () => widget({ id: 424242, first_name: 'Lan' }), reason: 'malformed' },
    { name: 'a missing hash', auth: () => encodeWidgetAuth(widgetFields), reason: 'missing_hash' },
    {
      name: 'a duplicate field (the second id wins in JSON.parse)',
      auth: () => editWidgetJson(widget(), (json) => json.replace('"id":424242', '"id":424242,"id":1')),
      reason: 'duplicate_field',
    },
    { name: 'a non-numeric id', auth: () => widget({ ...widgetFields, id: 'abc' }), reason: 'bad_user' },
    { name: 'a negative id', auth: () => widget({ ...widgetFields, id: -5 }), reason: 'bad_user' },
    {
      name: 'an id with a leading zero',
      auth: () => widget({ ...widgetFields, id: '0424242' }),
      reason: 'bad_user',
    },
    {
      name: 'a nested value',
      auth: () =>
        editWidgetJson(widget(), (json) => json.replace('"username":"lan_n"', '"username":{"a":1}')),
      reason: 'malformed',
    },
    { name: 'an array', auth: () => Buffer.from('[1,2]').toString('base64'), reason: 'malformed' },
    {
      name: 'JSON that is not an object',
      auth: () => Buffer.from('"x"').toString('base64'),
      reason: 'malformed',
    },
    {
      name: 'base64 of text that is not JSON',
      auth: () => Buffer.from('not json').toString('base64'),
      reason: 'malformed',
    },
    { name: 'an empty value', auth: () => '', reason: 'malformed' },
    {
      name: 'a value over the length limit',
      auth: () => 'A'.repeat(TELEGRAM_AUTH_MAX_LENGTH + 1),
      reason: 'malformed',
    },
    {
      name: 'too many fields',
      auth: () =>
        widget({
          ...widgetFields,
          ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'])),
        }),
      reason: 'malformed',
    },
  ];

  it.each(refusals)('refuses $name', ({ auth, reason, bot }) => {
    expect(verifyTelegramAuth(auth(), bot ?? BOT, NOW_MS)).toEqual({ ok: false, reason });
  });

  it('accepts the edges of the window: exactly the maximum age, and the allowed skew ahead', () => {
    expect(
      verifyTelegramAuth(
        widget({ ...widgetFields, auth_date: NOW_S - TELEGRAM_WIDGET_MAX_AGE_S }),
        BOT,
        NOW_MS,
      ).ok,
    ).toBe(true);
    expect(
      verifyTelegramAuth(widget({ ...widgetFields, auth_date: NOW_S + TELEGRAM_CLOCK_SKEW_S }), BOT, NOW_MS)
        .ok,
    ).toBe(true);
  });

  it('drops a photo that is not https and keeps names bounded', () => {
    const result = verifyTelegramAuth(
      widget({ ...widgetFields, photo_url: 'javascript:alert(1)', first_name: 'x'.repeat(500) }),
      BOT,
      NOW_MS,
    );
    expect(result.ok && result.user.photoUrl).toBeNull();
    expect(result.ok && result.user.name.length).toBe(128);
  });

  it('refuses an empty bot token (a merchant with no bot)', () => {
    expect(verifyTelegramAuth(widget(), '', NOW_MS)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('the mini-app initData form (WebAppData key)', () => {
  it('accepts real initData and reads the user from its user field', () => {
    expect(verifyTelegramAuth(initData(), BOT, NOW_MS)).toEqual({
      ok: true,
      user: {
        form: 'initData',
        id: '5150',
        name: 'Minh',
        username: 'minh',
        photoUrl: null,
        authDate: NOW_S - 30,
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });

  it('matches the algorithm as Telegram documents it, computed independently', () => {
    const secret = createHmac('sha256', 'WebAppData').update(BOT).digest();
    const checkString = `auth_date=${initFields.auth_date}\nquery_id=${initFields.query_id}\nuser=${initFields.user}`;
    const hash = createHmac('sha256', secret).update(checkString).digest('hex');
    const text = `query_id=${initFields.query_id}&user=${encodeURIComponent(initFields.user)}&auth_date=${initFields.auth_date}&hash=${hash}`;
    expect(verifyTelegramAuth(text, BOT, NOW_MS).ok).toBe(true);
  });

  const refusals: { name: string; auth: () => string; reason: TelegramRefusal }[] = [
    {
      name: 'a forged hash',
      auth: () => initData().replace(/hash=[0-9a-f]+/, `hash=${'cd'.repeat(32)}`),
      reason: 'bad_hash',
    },
    { name: "another merchant's bot", auth: () => initData(initFields, OTHER_BOT), reason: 'bad_hash' },
    {
      name: 'the widget key used for initData',
      auth: () => {
        const secret = createHash('sha256').update(BOT).digest();
        const check = `auth_date=${initFields.auth_date}\nquery_id=${initFields.query_id}\nuser=${initFields.user}`;
        return new URLSearchParams({
          ...initFields,
          hash: createHmac('sha256', secret).update(check).digest('hex'),
        }).toString();
      },
      reason: 'bad_hash',
    },
    {
      name: 'a tampered user',
      auth: () => initData().replace(encodeURIComponent('5150'), encodeURIComponent('1')),
      reason: 'bad_hash',
    },
    {
      name: 'a duplicate field',
      auth: () => `${initData()}&user=${encodeURIComponent('{"id":1}')}`,
      reason: 'duplicate_field',
    },
    {
      name: 'a missing hash',
      auth: () => new URLSearchParams(initFields).toString(),
      reason: 'missing_hash',
    },
    {
      name: 'a stale auth_date',
      auth: () => initData({ ...initFields, auth_date: String(NOW_S - TELEGRAM_INIT_DATA_MAX_AGE_S - 1) }),
      reason: 'stale',
    },
    {
      name: 'an auth_date in the future',
      auth: () => initData({ ...initFields, auth_date: String(NOW_S + 3600) }),
      reason: 'future',
    },
    {
      name: 'no user field',
      auth: () => initData({ query_id: 'q', auth_date: String(NOW_S) }),
      reason: 'bad_user',
    },
    {
      name: 'a user that is not JSON',
      auth: () => initData({ ...initFields, user: '{id:5150' }),
      reason: 'bad_user',
    },
    {
      name: 'a non-numeric user id',
      auth: () => initData({ ...initFields, user: '{"id":"5150a"}' }),
      reason: 'bad_user',
    },
    {
      name: 'a non-numeric auth_date',
      auth: () => initData({ ...initFields, auth_date: '1e9' }),
      reason: 'malformed',
    },
    {
      name: 'a strange field name',
      auth: () => initData({ ...initFields, 'Bad-Name': 'x' }),
      reason: 'malformed',
    },
    {
      name: 'huge input',
      auth: () => initData({ ...initFields, query_id: 'q'.repeat(TELEGRAM_AUTH_MAX_LENGTH) }),
      reason: 'malformed',
    },
  ];

  it.each(refusals)('refuses $name', ({ auth, reason }) => {
    expect(verifyTelegramAuth(auth(), BOT, NOW_MS)).toEqual({ ok: false, reason });
  });

  it('keeps the windows of the two forms apart: initData two hours old is stale, a widget result is not', () => {
    const twoHoursAgo = String(NOW_S - 7200);
    expect(verifyTelegramAuth(initData({ ...initFields, auth_date: twoHoursAgo }), BOT, NOW_MS)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(
      verifyTelegramAuth(widget({ ...widgetFields, auth_date: Number(twoHoursAgo) }), BOT, NOW_MS).ok,
    ).toBe(true);
  });
});
