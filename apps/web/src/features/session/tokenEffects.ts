import type { MemberInfo, PlayerRankProgress, UnreadCount } from '@wps/contract/accounts';
import type { DepositOptions } from '@wps/contract/cashier';
import { getToken, subscribe } from '@/state/session';
import { getMerchantCode } from '@/state/merchant';
import { fetchMemberInfo, fetchRankProgress, fetchUnreadCount } from '@/api/endpoints/accounts';
import { depositOptionsQuery } from '@/features/cashier';
import { chatPseudoId, supportChat } from '@/features/supportChat';
import { fetchQuery } from '@/queries/queryData';
import { memberInfoQuery, rankProgressQuery, unreadCountQuery } from '@/features/member';
import { watchTokenIpDifferent } from './tokenIp';

/** What a token loads (spec section 4); tests pass their own. */
export interface TokenLoaders {
  memberInfo: () => Promise<MemberInfo>;
  rankProgress: () => Promise<PlayerRankProgress>;
  unreadCount: () => Promise<UnreadCount>;
  depositOptions: () => Promise<DepositOptions>;
}

const DEFAULT_LOADERS: TokenLoaders = {
  memberInfo: fetchMemberInfo,
  rankProgress: fetchRankProgress,
  unreadCount: fetchUnreadCount,
  depositOptions: depositOptionsQuery.load,
};

// The client's error handling already ran for a failed load (please-login on a dead token).
const ignore = () => undefined;

/** Loads the token's member queries (features/member): they are the token's, and go with it. */
function loadFor(token: string, load: TokenLoaders): void {
  const current = () => getToken() === token;
  fetchQuery({ ...memberInfoQuery, load: load.memberInfo }).then((info) => {
    if (!current()) return;
    // The member info says whose token it is, also for a token that arrived without a login.
    const merchant = getMerchantCode() ?? '';
    supportChat().identify(info.account, chatPseudoId(merchant, info.id));
    // New terms to accept before anything else (issue 29): the dialog's code is loaded only then.
    const terms = info.termsToAccept;
    if (terms) void import('@/features/terms/termsPrompt').then((module) => module.promptTerms(terms));
  }, ignore);
  fetchQuery({ ...rankProgressQuery, load: load.rankProgress }).catch(ignore);
  fetchQuery({ ...unreadCountQuery, load: load.unreadCount }).catch(ignore);
  fetchQuery({ ...depositOptionsQuery, load: load.depositOptions }).catch(ignore);
}

/**
 * Presence or loss of a token (spec section 4): a token appearing loads the member info (which then
 * identifies the member to the support chat), the rank progress, the unread count and the deposit
 * settings with the member's deposit count (features/cashier); losing it
 * logs the support chat out, and the member's data goes with it (queries are scoped by the session,
 * and `watchDataScope` drops the old scope's). Another token replacing one is a loss, then a
 * presence.
 */
export function watchTokenPresence(loaders: Partial<TokenLoaders> = {}): () => void {
  const load: TokenLoaders = { ...DEFAULT_LOADERS, ...loaders };
  let current: string | null = null;
  const check = () => {
    const token = getToken();
    if (token === current) return;
    const previous = current;
    current = token;
    if (previous !== null) supportChat().logout();
    if (token) loadFor(token, load);
  };
  check();
  return subscribe(check);
}

/** The token's presence and loss (above), and token_ip_different turning auto-login off. */
export function watchToken(loaders: Partial<TokenLoaders> = {}): () => void {
  const stopPresence = watchTokenPresence(loaders);
  const stopIp = watchTokenIpDifferent();
  return () => {
    stopPresence();
    stopIp();
  };
}
