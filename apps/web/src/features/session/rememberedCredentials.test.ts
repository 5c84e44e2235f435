import type { LoginPayload } from '@wps/contract/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { StorageKey, localStore } from '@/platform/storage';
import {
  createCredentialStore,
  credentialsToRemember,
  memoryVault,
  type KeyVault,
} from './rememberedCredentials';

const base = { loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };

describe('credentialsToRemember', () => {
  it('removes the captcha and provider fields', () => {
    const payload: LoginPayload = {
      ...base,
      type: 'username',
      username: 'alice',
      password: 'pw',
      geetestChallenge: 'c',
      geetestSeccode: 's',
      geetestValidateV4: 'v',
      firebaseChannel: 'google',
      firebaseIdToken: 't',
      lineSessionToken: 'l',
      telegramAuth: 'tg',
    };
    expect(credentialsToRemember(payload, 'aurora', false)).toEqual({
      type: 'username',
      username: 'alice',
      password: 'pw',
      merchant: 'aurora',
    });
  });

  it('keeps no password for sms when mobile verification is required', () => {
    const payload: LoginPayload = {
      ...base,
      type: 'sms',
      countryDialingCode: '63',
      mobileNum: '917',
      password: '123456',
    };
    expect(credentialsToRemember(payload, 'aurora', true)).toEqual({
      type: 'sms',
      countryDialingCode: '63',
      mobileNum: '917',
      merchant: 'aurora',
    });
    expect(credentialsToRemember(payload, 'aurora', false)?.password).toBe('123456');
  });

  it('remembers nothing for social logins', () => {
    expect(
      credentialsToRemember({ ...base, type: 'line', lineSessionToken: 'x' }, 'aurora', false),
    ).toBeNull();
  });
});

describe('credential store', () => {
  it('keeps the password only sealed: never readable in storage', async () => {
    const store = createCredentialStore(memoryVault());
    await store.save({ type: 'username', username: 'alice', password: 'Very-Secret-9', merchant: 'aurora' });
    const raw = localStore.getString(StorageKey.rememberedCredentials) ?? '';
    expect(raw).not.toContain('Very-Secret-9');
    expect(raw).not.toContain(btoa('Very-Secret-9'));
    expect(raw).not.toContain(btoa(btoa('Very-Secret-9')));
    expect(JSON.parse(raw)).not.toHaveProperty('password');
    expect(await store.load()).toEqual({
      type: 'username',
      username: 'alice',
      password: 'Very-Secret-9',
      merchant: 'aurora',
    });
    expect(store.peek()).toEqual({ type: 'username', merchant: 'aurora' });
  });

  it('uses a non-extractable AES-GCM key, created once', async () => {
    const keys: CryptoKey[] = [];
    const inner = memoryVault();
    const vault: KeyVault = {
      load: () => inner.load(),
      save: (key) => {
        keys.push(key);
        return inner.save(key);
      },
    };
    const store = createCredentialStore(vault);
    await store.save({ type: 'username', username: 'a', password: 'one', merchant: 'm' });
    await store.save({ type: 'username', username: 'a', password: 'two', merchant: 'm' });
    expect(keys).toHaveLength(1);
    expect(keys[0]?.extractable).toBe(false);
    expect(keys[0]?.algorithm.name).toBe('AES-GCM');
    await expect(crypto.subtle.exportKey('raw', keys[0] as CryptoKey)).rejects.toThrow();
  });

  it('answers the credentials without the password when the key is gone (another browser profile)', async () => {
    await createCredentialStore(memoryVault()).save({
      type: 'username',
      username: 'a',
      password: 'p',
      merchant: 'm',
    });
    expect(await createCredentialStore(memoryVault()).load()).toEqual({
      type: 'username',
      username: 'a',
      merchant: 'm',
    });
  });

  it('clears, and ignores a corrupt record', async () => {
    const store = createCredentialStore(memoryVault());
    await store.save({ type: 'username', username: 'a', password: 'p', merchant: 'm' });
    store.clear();
    expect(await store.load()).toBeNull();
    localStore.setString(StorageKey.rememberedCredentials, '{"type":"admin"}');
    expect(await store.load()).toBeNull();
    expect(store.peek()).toBeNull();
  });
});
