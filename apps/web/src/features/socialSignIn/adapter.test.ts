import type { SmsProviderSettings } from '@wps/contract/system';
import { describe, expect, it, vi } from 'vitest';
import { firebaseAvailable, firebaseWebConfig, loadAdapter } from './adapter';
import { createFirebaseAdapter } from './firebaseAdapter';
import { createStandInAdapter } from './standInAdapter';

vi.mock('./standInAdapter', () => ({ createStandInAdapter: vi.fn(() => ({ kind: 'stand-in' })) }));
vi.mock('./firebaseAdapter', () => ({ createFirebaseAdapter: vi.fn(() => ({ kind: 'sdk' })) }));

const none: SmsProviderSettings = {
  firebase: false,
  appId: null,
  apiKey: null,
  authDomain: null,
  projectId: null,
  messagingSenderId: null,
  vapidKey: null,
  facebookAppId: null,
  googleWebClientId: null,
};
const complete = { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p', appId: '1:2:web:3' };

describe('firebaseWebConfig and firebaseAvailable', () => {
  it.each<[string, Partial<SmsProviderSettings>, ReturnType<typeof firebaseWebConfig>, boolean]>([
    ['nothing', {}, null, false],
    ['the stand-in alone', { standIn: true }, null, true],
    ['a complete configuration', complete, complete, true],
    [
      'with the sender id',
      { ...complete, messagingSenderId: '9' },
      { ...complete, messagingSenderId: '9' },
      true,
    ],
    ['no app id', { ...complete, appId: null }, null, false],
    ['an empty api key', { ...complete, apiKey: '' }, null, false],
    ['standIn false is not the stand-in', { standIn: false }, null, false],
  ])('%s', (_name, settings, config, available) => {
    expect(firebaseWebConfig({ ...none, ...settings })).toEqual(config);
    expect(firebaseAvailable({ ...none, ...settings })).toBe(available);
  });
  it('no settings yet', () => {
    expect(firebaseAvailable(undefined)).toBe(false);
  });
});

describe('loadAdapter', () => {
  it('the stand-in when the settings say so', async () => {
    await expect(loadAdapter({ ...none, ...complete, standIn: true })).resolves.toEqual({ kind: 'stand-in' });
    expect(createStandInAdapter).toHaveBeenCalledWith(window);
  });
  it('the Firebase SDK with the merchant configuration otherwise', async () => {
    await expect(loadAdapter({ ...none, ...complete })).resolves.toEqual({ kind: 'sdk' });
    expect(createFirebaseAdapter).toHaveBeenCalledWith(complete);
  });
});
