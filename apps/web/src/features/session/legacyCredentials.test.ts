import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { describe, expect, it, vi } from 'vitest';
import { localStore } from '@/platform/storage';
import { LEGACY_KEY_DATABASE, forgetLegacyCredentials } from './legacyCredentials';

const SEALED = JSON.stringify({
  type: 'username',
  username: 'alice',
  merchant: 'aurora',
  sealed: { iv: 'aXYtaXYtaXYtaXY=', data: 'c2VhbGVkLXBhc3N3b3Jk' },
});

describe('what older versions kept for auto-login is deleted on start', () => {
  // [case, stored credentials, stored autoLogin, stored name before, found, name after]
  it.each<[string, string | null, string | null, string | null, boolean, string | null]>([
    ['a sealed password: deleted, its username kept to fill the form', SEALED, '1', null, true, 'alice'],
    ['a sealed password, a newer name already kept', SEALED, null, 'bob', true, 'bob'],
    [
      'an sms record: deleted, no name',
      JSON.stringify({ type: 'sms', mobileNum: '9171234567', merchant: 'aurora' }),
      null,
      null,
      true,
      null,
    ],
    [
      'a readable password of an older shape',
      JSON.stringify({ type: 'username', username: 'carol', password: 'cGxhaW4=' }),
      null,
      null,
      true,
      'carol',
    ],
    ['corrupt JSON', '{not json', null, null, true, null],
    ['a hostile array', '[1,2]', null, null, true, null],
    ['an empty username', JSON.stringify({ type: 'username', username: '' }), null, null, true, null],
    ['only the auto-login switch', null, '0', null, true, null],
    ['nothing of an older version', null, null, 'dave', false, 'dave'],
  ])('%s', (_name, credentials, autoLogin, nameBefore, found, nameAfter) => {
    if (credentials !== null) localStore.setString(LazyStorageKey.legacyCredentials, credentials);
    if (autoLogin !== null) localStore.setString(LazyStorageKey.legacyAutoLogin, autoLogin);
    if (nameBefore !== null) localStore.setString(LazyStorageKey.rememberedName, nameBefore);
    const databases = { deleteDatabase: vi.fn() };
    expect(forgetLegacyCredentials(localStore, databases)).toBe(found);
    expect(window.localStorage.getItem(LazyStorageKey.legacyCredentials)).toBeNull();
    expect(window.localStorage.getItem(LazyStorageKey.legacyAutoLogin)).toBeNull();
    expect(window.localStorage.getItem(LazyStorageKey.rememberedName)).toBe(nameAfter);
    // The database of the sealing key goes with the record.
    expect(databases.deleteDatabase).toHaveBeenCalledTimes(found ? 1 : 0);
    if (found) expect(databases.deleteDatabase).toHaveBeenCalledWith(LEGACY_KEY_DATABASE);
    expect(JSON.stringify({ ...window.localStorage })).not.toMatch(/sealed|password/i);
  });

  it.each<[string, Pick<IDBFactory, 'deleteDatabase'> | undefined]>([
    ['no IndexedDB', undefined],
    [
      'an IndexedDB that throws',
      {
        deleteDatabase: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      },
    ],
  ])('still deletes the record with %s', (_name, databases) => {
    localStore.setString(LazyStorageKey.legacyCredentials, SEALED);
    expect(forgetLegacyCredentials(localStore, databases)).toBe(true);
    expect(window.localStorage.getItem(LazyStorageKey.legacyCredentials)).toBeNull();
  });
});
