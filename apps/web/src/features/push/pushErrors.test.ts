import { PUSH_ERROR_CODES, type PushErrorCode } from '@wps/contract/tracking';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/catalogs/en.json';
import { PUSH_ERROR_MESSAGE, pushErrorMessage } from './pushErrors';

const catalogs = import.meta.glob<{ default: Record<string, string> }>('../../i18n/catalogs/*.json', {
  eager: true,
});

describe('push errors of spec section 8 → translated messages', () => {
  it.each<[PushErrorCode, string]>([
    ['permission-blocked', "Notifications are blocked for this site. Allow them in your browser's settings."],
    ['unsupported-browser', 'This browser does not support notifications.'],
    [
      'indexed-db-unsupported',
      'Notifications need browser storage, which is turned off or unavailable here.',
    ],
    ['token-subscribe-failed', 'Could not subscribe to notifications. Please try again later.'],
    ['token-update-failed', 'Your notification registration could not be renewed. Please try again later.'],
    ['token-unsubscribe-failed', 'Notifications could not be turned off. Please try again later.'],
    [
      'failed-service-worker-registration',
      'The notification service could not start. Please reload the page.',
    ],
    ['app-offline', 'You are offline. Notifications will be set up when you are back online.'],
    [
      'not-registered',
      'This device is no longer registered for notifications. Turn them on again to keep receiving them.',
    ],
    ['installation-not-found', "This device's notification registration was not found. Please try again."],
  ])('%s', (code, message) => {
    expect(en[pushErrorMessage(code)]).toBe(message);
  });

  it('every code of the section has a message, and no message serves two codes', () => {
    expect(Object.keys(PUSH_ERROR_MESSAGE).sort()).toEqual([...PUSH_ERROR_CODES].sort());
    expect(new Set(Object.values(PUSH_ERROR_MESSAGE)).size).toBe(PUSH_ERROR_CODES.length);
  });

  it('all 29 catalogs carry each message, translated (not the English text)', () => {
    const entries = Object.entries(catalogs);
    expect(entries).toHaveLength(29);
    for (const [file, { default: catalog }] of entries) {
      for (const key of Object.values(PUSH_ERROR_MESSAGE)) {
        expect(catalog[key], `${file} ${key}`).toBeTruthy();
        if (!file.endsWith('/en.json')) expect(catalog[key], `${file} ${key}`).not.toBe(en[key]);
      }
    }
  });
});
