import { unreadCountQuery } from '@/features/member';
import { useLiveQuery } from '@/queries/live';
import { supportChat } from './supportChat';

/** How often the unread count is asked for while it is shown and no chat socket is open. */
export const UNREAD_POLL_MS = 60_000;

const chatIsLive = () => supportChat().live?.() === true;

/**
 * The member's unread count (CBS_unreadCount: inbox messages and support-chat agent replies), kept
 * live for any entry that shows it (member home, a customer-service button): the chat socket, while
 * open, refreshes it when an agent replies or the member reads; otherwise it is asked for every
 * UNREAD_POLL_MS while the page is visible, and on return to the tab. 0 for a visitor or until loaded.
 * Import it only from lazy chunks (it is not part of the first load).
 */
export function useLiveUnreadCount(): number {
  return useLiveQuery(unreadCountQuery, { everyMs: UNREAD_POLL_MS, paused: chatIsLive }).data?.count ?? 0;
}
