import type { MemberInfo } from '@wps/contract';
import { createStore } from '../../state/createStore';

/** The logged-in member's info and deposit count (spec section 4). */
export interface MemberState {
  info: MemberInfo | null;
  depositCount: number | null;
}

export const EMPTY_MEMBER_STATE: MemberState = { info: null, depositCount: null };

export const memberStore = createStore<MemberState>(EMPTY_MEMBER_STATE);

/** The VIP rank progress of the common store (spec section 3): conditions met, of how many, the label. */
export interface VipProgress {
  completed: number;
  total: number;
  labelId: string | null;
}

/** Null while logged out or not loaded yet. */
export const vipProgressStore = createStore<VipProgress | null>(null);

/** Unread customer-service messages; 0 while logged out. */
export const unreadCountStore = createStore<number>(0);
