import type { MemberInfo } from '@wps/contract';
import { createStore } from '../../state/createStore';

/** The logged-in member's info, unread inbox count and deposit count (spec section 4). */
export interface MemberState {
  info: MemberInfo | null;
  unreadCount: number;
  depositCount: number | null;
}

export const EMPTY_MEMBER_STATE: MemberState = { info: null, unreadCount: 0, depositCount: null };

export const memberStore = createStore<MemberState>(EMPTY_MEMBER_STATE);
