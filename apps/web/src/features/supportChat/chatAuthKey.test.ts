import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredMerchantCode } from '@/state/preferences';
import { clearSession, setSession, type SessionInfo } from '@/state/session';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/call', () => ({ call }));

const fetchMemberInfo = vi.hoisted(() => vi.fn());
vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo,
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
}));

const { chatMemberStore, refreshChatAuthKey, watchChatMember } = await import('./chatAuthKey');

function session(token: string): SessionInfo {
  return {
    spanId: 's',
    id: '42',
    token,
    merchantCode: 'aurora',
    userName: 'alice',
    type: 0,
    firstTimeLogin: false,
  };
}

type Widget = { identify?: ReturnType<typeof vi.fn>; logout?: ReturnType<typeof vi.fn>; open?: () => void };
const win = window as unknown as { WpsChatWidget?: Widget };
const KEY = { authKey: 'k'.repeat(43), expiresAt: '2026-11-24T20:00:00.000Z' };

describe('the chat auth key on token presence (WPSCORE_saveMemberInfoByAuthKey)', () => {
  beforeEach(() => {
    clearSession();
    chatMemberStore.set(null);
    call.mockReset();
  });
  afterEach(() => {
    delete win.WpsChatWidget;
    vi.useRealTimers();
  });

  it('saves the name and pseudo-id, keeps the key and tells a widget that takes an identity', async () => {
    setSession(session('t1'));
    const widget = { identify: vi.fn(), logout: vi.fn() };
    win.WpsChatWidget = widget;
    call.mockResolvedValue(KEY);
    const member = await refreshChatAuthKey('alice', 'aurora_42', 't1');
    expect(call).toHaveBeenCalledWith(
      'saveChatMemberInfo',
      { name: 'alice', pseudoId: 'aurora_42' },
      { handleErrors: false },
    );
    expect(member).toMatchObject({ name: 'alice', pseudoId: 'aurora_42', authKey: KEY.authKey });
    expect(chatMemberStore.get()?.authKey).toBe(KEY.authKey);
    expect(widget.identify).toHaveBeenCalledWith({
      name: 'alice',
      pseudoId: 'aurora_42',
      authKey: KEY.authKey,
    });

    // Token loss: the key goes and the widget is logged out.
    clearSession();
    expect(chatMemberStore.get()).toBeNull();
    expect(widget.logout).toHaveBeenCalledTimes(1);
  });

  it.each<[string, () => void, () => Promise<unknown>]>([
    ['the token went while the call ran', () => clearSession(), () => Promise.resolve(KEY)],
    ['another member signed in meanwhile', () => setSession(session('t2')), () => Promise.resolve(KEY)],
    ['the call was refused', () => undefined, () => Promise.reject(new Error('400 invalid_request'))],
  ])('%s: no key kept, the widget not told', async (_case, meanwhile, answer) => {
    setSession(session('t1'));
    const widget = { identify: vi.fn() };
    win.WpsChatWidget = widget;
    call.mockImplementation(async () => {
      meanwhile();
      return answer();
    });
    expect(await refreshChatAuthKey('alice', 'aurora_42', 't1')).toBeNull();
    expect(chatMemberStore.get()).toBeNull();
    expect(widget.identify).not.toHaveBeenCalled();
  });

  it('a widget injected later (500 ms after the load) is told once it is there', async () => {
    vi.useFakeTimers();
    setSession(session('t1'));
    call.mockResolvedValue(KEY);
    await refreshChatAuthKey('alice', 'aurora_42', 't1');
    const widget = { identify: vi.fn() };
    win.WpsChatWidget = widget;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(widget.identify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(widget.identify).toHaveBeenCalledTimes(1);
  });

  it('a widget without identity calls (only open) is left alone', async () => {
    setSession(session('t1'));
    win.WpsChatWidget = { open: vi.fn() };
    call.mockResolvedValue(KEY);
    expect(await refreshChatAuthKey('alice', 'aurora_42', 't1')).not.toBeNull();
  });
});

describe('watchChatMember: the token’s presence, from after the load', () => {
  beforeEach(() => {
    clearSession();
    chatMemberStore.set(null);
    call.mockReset();
    fetchMemberInfo.mockReset();
    setStoredMerchantCode('aurora');
  });

  it('a token present at the start and each new token save the member info; a loss clears the key', async () => {
    setSession(session('t1'));
    fetchMemberInfo.mockResolvedValue({
      id: '42',
      account: 'alice',
      type: 0,
      language: 'EN',
      clubLabel: null,
    });
    call.mockResolvedValue(KEY);
    watchChatMember(window);
    await vi.waitFor(() => expect(chatMemberStore.get()?.token).toBe('t1'));
    expect(call).toHaveBeenCalledWith(
      'saveChatMemberInfo',
      { name: 'alice', pseudoId: 'aurora_42' },
      { handleErrors: false },
    );
    clearSession();
    expect(chatMemberStore.get()).toBeNull();

    fetchMemberInfo.mockResolvedValue({ id: '7', account: 'bob', type: 0, language: 'EN', clubLabel: null });
    setSession({ ...session('t2'), id: '7', userName: 'bob' });
    await vi.waitFor(() => expect(chatMemberStore.get()?.token).toBe('t2'));
    expect(call).toHaveBeenLastCalledWith(
      'saveChatMemberInfo',
      { name: 'bob', pseudoId: 'aurora_7' },
      { handleErrors: false },
    );
    // Started again (the third-party chat's start runs once per page, but twice is harmless).
    watchChatMember(window);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
