import type { MemberInfo, PlayerRankProgress, UnreadCount } from '@wps/contract';
import { StorageKey, localStore } from '../../platform/storage';
import { getSession, getToken, subscribe } from '../../state/session';
import { getStoredMerchantCode } from '../../state/preferences';
import { onTransportEvent } from '../../api/client';
import { fetchMemberInfo, fetchRankProgress, fetchUnreadCount } from '../../api/endpoints/accounts';
import { chatPseudoId, supportChat } from '../supportChat/supportChat';
import {
  EMPTY_MEMBER_STATE,
  memberStore,
  unreadCountStore,
  vipProgressStore,
  type VipProgress,
} from './memberStore';

/** What a token loads (spec section 4); tests pass their own. */
export interface TokenLoaders {
  memberInfo: () => Promise<MemberInfo>;
  rankProgress: () => Promise<PlayerRankProgress>;
  unreadCount: () => Promise<UnreadCount>;
}

const DEFAULT_LOADERS: TokenLoaders = {
  memberInfo: fetchMemberInfo,
  rankProgress: fetchRankProgress,
  unreadCount: fetchUnreadCount,
};

export function toVipProgress(answer: PlayerRankProgress): VipProgress {
  return {
    completed: answer.currentProgress.completedConditions,
    total: answer.currentProgress.totalExpectedConditions,
    labelId: answer.playerRankProgress.labelId,
  };
}

// The client's error handling already ran for a failed load (please-login on a dead token).
const ignore = () => undefined;

function loadFor(token: string, load: TokenLoaders): void {
  const current = () => getToken() === token;
  load.memberInfo().then((info) => {
    if (!current()) return;
    memberStore.set({ ...memberStore.get(), info });
    // The member info says whose token it is, also for a token that arrived without a login.
    const merchant = getSession()?.merchantCode || getStoredMerchantCode() || '';
    supportChat().identify(info.account, chatPseudoId(merchant, info.id));
  }, ignore);
  load.rankProgress().then((answer) => {
    if (current()) vipProgressStore.set(toVipProgress(answer));
  }, ignore);
  load.unreadCount().then((answer) => {
    if (current()) unreadCountStore.set(answer.count);
  }, ignore);
}

function clearMember(): void {
  memberStore.set(EMPTY_MEMBER_STATE);
  vipProgressStore.set(null);
  unreadCountStore.set(0);
  supportChat().logout();
}

/**
 * Presence or loss of a token (spec section 4): a token appearing loads the member info (which then
 * identifies the member to the support chat), the rank progress and the unread count; losing it
 * clears member info, rank progress, the unread count and the deposit count, and logs the support
 * chat out. Another token replacing one is a loss, then a presence. token_ip_different turns
 * auto-login off.
 */
export function watchToken(loaders: Partial<TokenLoaders> = {}): () => void {
  const load: TokenLoaders = { ...DEFAULT_LOADERS, ...loaders };
  let current: string | null = null;
  const check = () => {
    const token = getToken();
    if (token === current) return;
    const previous = current;
    current = token;
    if (previous !== null) clearMember();
    if (token) loadFor(token, load);
  };
  check();
  const stopSession = subscribe(check);
  const stopIp = onTransportEvent('tokenIpDifferent', () => {
    localStore.setString(StorageKey.autoLogin, '0');
  });
  return () => {
    stopSession();
    stopIp();
  };
}
