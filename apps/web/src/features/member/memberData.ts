import type { MemberInfo, PlayerRankProgress, UnreadCount } from '@wps/contract/accounts';
import { useMemo } from 'react';
import { fetchMemberInfo, fetchRankProgress, fetchUnreadCount } from '@/api/endpoints/accounts';
import { type QuerySpec } from '@/queries/store';
import { getQueryData } from '@/queries/queryData';
import { useQuery } from '@/queries/useQuery';

/**
 * The logged-in member's data (spec section 4): member info, VIP rank progress and unread count,
 * queries kept for the session. A token appearing loads them (`tokenEffects.ts`); they go with the
 * token, as every query does (docs/architecture.md, "Loading server data").
 */
export const memberInfoQuery: QuerySpec<MemberInfo> = {
  key: ['memberInfo'],
  load: fetchMemberInfo,
  keep: true,
  member: true,
};

export const rankProgressQuery: QuerySpec<PlayerRankProgress> = {
  key: ['rankProgress'],
  load: fetchRankProgress,
  keep: true,
  member: true,
};

export const unreadCountQuery: QuerySpec<UnreadCount> = {
  key: ['unreadCount'],
  load: fetchUnreadCount,
  keep: true,
  member: true,
};

/** The VIP rank progress of the common store (spec section 3): conditions met, of how many, the label. */
export interface VipProgress {
  completed: number;
  total: number;
  labelId: string | null;
}

export function toVipProgress(answer: PlayerRankProgress): VipProgress {
  return {
    completed: answer.currentProgress.completedConditions,
    total: answer.currentProgress.totalExpectedConditions,
    labelId: answer.playerRankProgress.labelId,
  };
}

/** The member info; null while logged out or not loaded yet. */
export function currentMemberInfo(): MemberInfo | null {
  return getQueryData(memberInfoQuery) ?? null;
}

export function useMemberInfo(): MemberInfo | null {
  return useQuery(memberInfoQuery).data ?? null;
}

/** Null while logged out or not loaded yet. */
export function useVipProgress(): VipProgress | null {
  const answer = useQuery(rankProgressQuery).data;
  return useMemo(() => (answer ? toVipProgress(answer) : null), [answer]);
}

/** Unread customer-service messages; 0 while logged out or not loaded yet. */
export function useUnreadCount(): number {
  return useQuery(unreadCountQuery).data?.count ?? 0;
}
