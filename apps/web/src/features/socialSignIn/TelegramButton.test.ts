import { describe, expect, it } from 'vitest';
import { telegramOrigins, telegramWidgetUrl } from './TelegramButton';

const standIn = { botId: '1000000001', authDomain: 'lotus.localhost', standIn: true as const };
const real = { botId: '42', authDomain: 'login.example.com' };
const page = { origin: 'https://lotus.example', protocol: 'https:' };

describe('telegramWidgetUrl', () => {
  it.each<[string, Parameters<typeof telegramWidgetUrl>, string]>([
    [
      'stand-in popup',
      [standIn, page.origin, 'popup', '/m/login'],
      '/wps/dev/telegram/widget?bot_id=1000000001&mode=popup',
    ],
    [
      'stand-in redirect with its return path',
      [standIn, page.origin, 'redirect', '/m/login?go=/m/game'],
      '/wps/dev/telegram/widget?bot_id=1000000001&mode=redirect&return=%2Fm%2Flogin%3Fgo%3D%2Fm%2Fgame',
    ],
    [
      "Telegram's popup",
      [real, page.origin, 'popup', '/m/login'],
      'https://oauth.telegram.org/auth?bot_id=42&origin=https%3A%2F%2Flotus.example&request_access=write',
    ],
    [
      "Telegram's redirect back to this site",
      [real, page.origin, 'redirect', '/m/login'],
      'https://oauth.telegram.org/auth?bot_id=42&origin=https%3A%2F%2Flotus.example&request_access=write&return_to=https%3A%2F%2Flotus.example%2Fm%2Flogin',
    ],
  ])('%s', (_name, args, expected) => {
    expect(telegramWidgetUrl(...args)).toBe(expected);
  });
});

describe('telegramOrigins', () => {
  it.each<[string, Parameters<typeof telegramOrigins>[0], string[]]>([
    ['the stand-in: this site only', standIn, ['https://lotus.example']],
    [
      "real: Telegram's and the auth domain's",
      real,
      ['https://oauth.telegram.org', 'https://login.example.com'],
    ],
    [
      'real with an unusable auth domain: Telegram only',
      { botId: '1', authDomain: '' },
      ['https://oauth.telegram.org'],
    ],
  ])('%s', (_name, setting, expected) => {
    expect(telegramOrigins(setting, page)).toEqual(expected);
  });
});
