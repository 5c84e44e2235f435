import type { MemberInfo, PlayerRankProgress } from '@wps/contract/accounts';
import type { DepositOptions } from '@wps/contract/cashier';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitTransportEvent } from '@/api/events';
import { StorageKey, localStore } from '@/platform/storage';
import { setStoredMerchantCode } from '@/state/preferences';
import {
  clearSession,
  getSession,
  sessionPlace,
  setSession,
  type SessionInfo,
  type SessionPlace,
} from '@/state/session';
import { currentDepositCount } from '@/features/cashier';
import { setSupportChat, type SupportChat } from '@/features/supportChat';
import { getQueryData } from '@/queries/queryData';
import { memberInfoQuery, rankProgressQuery, toVipProgress, unreadCountQuery } from '@/features/member';
import { watchToken, type TokenLoaders } from './tokenEffects';

const info: MemberInfo = {
  id: '42',
  account: 'alice',
  type: 0,
  language: 'EN',
  clubLabel: { labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'VIP2' },
};
const progress: PlayerRankProgress = {
  currentProgress: { completedConditions: 2, totalExpectedConditions: 3 },
  playerRankProgress: { labelId: 'VIP2' },
};

const depositOptions: DepositOptions = {
  currency: 'PHP',
  methods: [],
  bonuses: [],
  totalDepositSuccessCount: 3,
};

function session(token: string, fields: Partial<SessionInfo> = {}): SessionInfo {
  return {
    spanId: 's',
    id: '42',
    token,
    merchantCode: 'aurora',
    userName: 'alice',
    type: 0,
    firstTimeLogin: false,
    ...fields,
  };
}

const memberInfo = () => getQueryData(memberInfoQuery) ?? null;
const vipProgress = () => {
  const answer = getQueryData(rankProgressQuery);
  return answer ? toVipProgress(answer) : null;
};
const unreadCount = () => getQueryData(unreadCountQuery)?.count ?? 0;

/** Lets the loaders' answers land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function loaders() {
  return {
    memberInfo: vi.fn<TokenLoaders['memberInfo']>().mockResolvedValue(info),
    rankProgress: vi.fn<TokenLoaders['rankProgress']>().mockResolvedValue(progress),
    unreadCount: vi.fn<TokenLoaders['unreadCount']>().mockResolvedValue({ count: 5 }),
    depositOptions: vi.fn<TokenLoaders['depositOptions']>().mockResolvedValue(depositOptions),
  };
}

describe('token presence and loss (spec section 4)', () => {
  const chat = { identify: vi.fn<SupportChat['identify']>(), logout: vi.fn<SupportChat['logout']>() };
  let stop: () => void = () => undefined;

  beforeEach(() => {
    clearSession();
    // The merchant of the visit (the page, the settings or the last visit's).
    setStoredMerchantCode('aurora');
    chat.identify.mockClear();
    chat.logout.mockClear();
    setSupportChat(chat);
  });
  afterEach(() => {
    stop();
    setSupportChat(null);
  });

  it('loads nothing and logs nothing out while there is no token', async () => {
    const load = loaders();
    stop = watchToken(load);
    await settle();
    expect(load.memberInfo).not.toHaveBeenCalled();
    expect(load.rankProgress).not.toHaveBeenCalled();
    expect(load.unreadCount).not.toHaveBeenCalled();
    expect(load.depositOptions).not.toHaveBeenCalled();
    expect(currentDepositCount()).toBeNull();
    expect(chat.logout).not.toHaveBeenCalled();
  });

  it('a token appearing loads member info, rank progress, unread count and the deposit settings, and identifies the chat', async () => {
    const load = loaders();
    stop = watchToken(load);
    setSession(session('tok-1'));
    await settle();
    expect(load.memberInfo).toHaveBeenCalledTimes(1);
    expect(load.rankProgress).toHaveBeenCalledTimes(1);
    expect(load.unreadCount).toHaveBeenCalledTimes(1);
    expect(memberInfo()).toEqual(info);
    expect(vipProgress()).toEqual({ completed: 2, total: 3, labelId: 'VIP2' });
    expect(unreadCount()).toBe(5);
    expect(load.depositOptions).toHaveBeenCalledTimes(1);
    expect(currentDepositCount()).toBe(3);
    expect(chat.identify).toHaveBeenCalledExactlyOnceWith('alice', 'aurora_42');
    expect(chat.logout).not.toHaveBeenCalled();
  });

  it('a token present at start loads at once', async () => {
    setSession(session('tok-1'));
    const load = loaders();
    stop = watchToken(load);
    await settle();
    expect(load.memberInfo).toHaveBeenCalledTimes(1);
    expect(load.rankProgress).toHaveBeenCalledTimes(1);
    expect(load.unreadCount).toHaveBeenCalledTimes(1);
  });

  it('a token from the address bar (no login) names the member and merchant from the member info', async () => {
    setStoredMerchantCode('lotus');
    const load = loaders();
    stop = watchToken(load);
    setSession(session('tok-url', { id: '', userName: '', merchantCode: '' }));
    await settle();
    expect(chat.identify).toHaveBeenCalledExactlyOnceWith('alice', 'lotus_42');
  });

  it('losing the token clears member info, rank progress, unread count and the deposit count, and logs the chat out', async () => {
    const load = loaders();
    stop = watchToken(load);
    setSession(session('tok-1'));
    await settle();
    expect(unreadCount()).toBe(5);
    expect(currentDepositCount()).toBe(3);
    clearSession();
    expect(memberInfo()).toBeNull();
    expect(vipProgress()).toBeNull();
    expect(unreadCount()).toBe(0);
    expect(currentDepositCount()).toBeNull();
    expect(chat.logout).toHaveBeenCalledTimes(1);
  });

  it('answers arriving after the token is gone are dropped', async () => {
    let answer: (value: MemberInfo) => void = () => undefined;
    const load = loaders();
    load.memberInfo.mockReturnValue(new Promise<MemberInfo>((resolve) => (answer = resolve)));
    load.unreadCount.mockReturnValue(new Promise(() => undefined));
    stop = watchToken(load);
    setSession(session('tok-1'));
    clearSession();
    answer(info);
    await settle();
    expect(memberInfo()).toBeNull();
    expect(chat.identify).not.toHaveBeenCalled();
    expect(vipProgress()).toBeNull();
    expect(unreadCount()).toBe(0);
  });

  it('another token replacing one is a loss, then a presence', async () => {
    const load = loaders();
    stop = watchToken(load);
    setSession(session('tok-1'));
    await settle();
    load.memberInfo.mockResolvedValue({ ...info, id: '43', account: 'bob' });
    setSession(session('tok-2', { id: '43', userName: 'bob' }));
    expect(chat.logout).toHaveBeenCalledTimes(1);
    expect(unreadCount()).toBe(0);
    await settle();
    expect(load.memberInfo).toHaveBeenCalledTimes(2);
    expect(chat.identify).toHaveBeenLastCalledWith('bob', 'aurora_43');
    expect(unreadCount()).toBe(5);
  });

  it('a failed load leaves that data empty (the client already handled the error)', async () => {
    const load = loaders();
    load.rankProgress.mockRejectedValue(new Error('offline'));
    load.unreadCount.mockRejectedValue(new Error('offline'));
    stop = watchToken(load);
    setSession(session('tok-1'));
    await settle();
    expect(memberInfo()).toEqual(info);
    expect(vipProgress()).toBeNull();
    expect(unreadCount()).toBe(0);
  });

  it.each<[string, SessionPlace | null, SessionPlace | null]>([
    ['a remembered session stays for this tab only', 'device', 'tab'],
    ["a tab's session stays as it is", 'tab', 'tab'],
    ['no session: nothing to do', null, null],
  ])('token_ip_different ends Remember me: %s', (_name, before, after) => {
    stop = watchToken(loaders());
    if (before) setSession(session('tok-ip'), before);
    emitTransportEvent('tokenIpDifferent');
    expect(sessionPlace()).toBe(after);
    expect(localStore.getString(StorageKey.rememberedSession)).toBeNull();
    expect(getSession()?.token ?? null).toBe(before ? 'tok-ip' : null);
  });
});
