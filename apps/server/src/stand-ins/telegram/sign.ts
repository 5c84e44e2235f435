import { createHash, createHmac } from 'node:crypto';
import { dataCheckString } from '../../services/identity/index.js';

/**
 * Telegram's side of its login widget and mini apps, for the stand-in and tests: results signed with
 * the bot's token as Telegram signs them (services/identity/providers/telegram.ts verifies them).
 */

/** A widget auth result signed with `botToken`, as Telegram's widget hands it over. */
export function signWidgetAuth(
  fields: Readonly<Record<string, string | number>>,
  botToken: string,
): Record<string, string | number> {
  const text = new Map(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  const secret = createHash('sha256').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString(text)).digest('hex');
  return { ...fields, hash };
}

/** `telegramAuth` of the widget form: base64 of the result's JSON. */
export function encodeWidgetAuth(result: Readonly<Record<string, string | number>>): string {
  return Buffer.from(JSON.stringify(result), 'utf8').toString('base64');
}

/** Mini-app initData signed with `botToken` (fields as Telegram sends them; `user` is JSON text). */
export function signInitData(fields: Readonly<Record<string, string>>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret)
    .update(dataCheckString(new Map(Object.entries(fields))))
    .digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
