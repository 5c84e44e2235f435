import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { memberInfoQuery } from '@/features/member';
import { setQueryData } from '@/queries/changes';
import { StorageKey, localStore } from '@/platform/storage';
import { languageStore } from '@/state/language';
import { clearSession, setSession, type SessionInfo } from '@/state/session';
import { changeLanguage, languageSyncFor } from './changeLanguage';

vi.mock('@/api/endpoints/accounts', () => ({
  saveMemberLanguage: vi.fn(),
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
}));
const saveMemberLanguage = vi.mocked(accounts.saveMemberLanguage);

const member = (type: number | null, token = 'tok'): SessionInfo => ({
  spanId: 's',
  id: '1',
  token,
  merchantCode: 'aurora',
  userName: 'alice',
  type,
  firstTimeLogin: false,
});

afterEach(() => {
  vi.clearAllMocks();
  clearSession();
});

describe('languageSyncFor (spec section 6: member type 4 skips language sync)', () => {
  it.each([
    ['visitor', null, null, 'visitor'],
    ['empty token', member(0, ''), null, 'visitor'],
    ['player', member(0), null, 'sync'],
    ['agent type 1', member(1), null, 'sync'],
    ['agent type 2', member(2), null, 'sync'],
    ['type 3', member(3), null, 'sync'],
    ['type 4', member(4), null, 'skip'],
    ['type unknown, member info type 4', member(null), 4, 'skip'],
    ['type unknown, member info type 0', member(null), 0, 'sync'],
    ['type unknown, no member info', member(null), null, 'sync'],
    ['session type wins over member info', member(0), 4, 'sync'],
  ] as const)('%s → %s', (_name, session, infoType, expected) => {
    expect(languageSyncFor(session, infoType)).toBe(expected);
  });
});

describe('changeLanguage', () => {
  it('a visitor: switches the catalog and stores it, no call', async () => {
    expect(await changeLanguage('JA')).toBe('visitor');
    expect(languageStore.get()?.language).toBe('JA');
    expect(languageStore.get()?.catalog.nav_home).not.toBe('Home');
    expect(localStore.getString(StorageKey.language)).toBe('JA');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(saveMemberLanguage).not.toHaveBeenCalled();
  });

  it('a member: sends the language and the merchant code', async () => {
    setSession(member(0));
    saveMemberLanguage.mockResolvedValue(null);
    expect(await changeLanguage('PT-BR')).toBe('sync');
    expect(saveMemberLanguage).toHaveBeenCalledWith({ language: 'PT-BR', merchantCode: 'aurora' });
    expect(languageStore.get()?.language).toBe('PT-BR');
  });

  it('member type 4: switches and stores, but never calls the server', async () => {
    setSession(member(4));
    expect(await changeLanguage('AR')).toBe('skip');
    expect(saveMemberLanguage).not.toHaveBeenCalled();
    expect(localStore.getString(StorageKey.language)).toBe('AR');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('member type 4 known only from member info: no call', async () => {
    setSession(member(null));
    setQueryData(memberInfoQuery, () => ({
      id: '1',
      account: 'alice',
      type: 4,
      language: 'EN',
      clubLabel: null,
    }));
    expect(await changeLanguage('HI')).toBe('skip');
    expect(saveMemberLanguage).not.toHaveBeenCalled();
  });

  it('a failed sync keeps the new language', async () => {
    setSession(member(0));
    saveMemberLanguage.mockRejectedValue(new Error('offline'));
    expect(await changeLanguage('VI')).toBe('syncFailed');
    expect(languageStore.get()?.language).toBe('VI');
    expect(localStore.getString(StorageKey.language)).toBe('VI');
  });
});
