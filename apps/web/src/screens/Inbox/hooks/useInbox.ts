import { MEMBER_MESSAGES_PAGE_SIZE, type MemberMessage } from '@wps/contract/memberArea';
import { useCallback, useRef, useState } from 'react';
import { fetchMessages, readMessage } from '@/api/endpoints/memberArea';
import { unreadCountQuery } from '@/features/member';
import { changeQueryData } from '@/queries/changes';
import { usePagedQuery } from '@/queries/usePagedQuery';

/** The member's messages, page by page (a member query: another session is another list). */
export function useMessages() {
  return usePagedQuery<MemberMessage>({
    key: ['memberMessages', MEMBER_MESSAGES_PAGE_SIZE],
    member: true,
    loadPage: (page) => fetchMessages(page, MEMBER_MESSAGES_PAGE_SIZE),
    itemKey: (message) => String(message.id),
  });
}

/**
 * Reading a message: shown read and the unread count lowered at once (optimistic), then the server's
 * count settles it; a refused read restores both. A message is read once per screen.
 */
export function useReadMessages(): {
  isRead: (message: MemberMessage) => boolean;
  markRead: (message: MemberMessage) => void;
} {
  const [read, setRead] = useState<ReadonlySet<number>>(() => new Set());
  const asked = useRef(new Set<number>());
  const isRead = useCallback((message: MemberMessage) => message.read || read.has(message.id), [read]);
  const markRead = useCallback((message: MemberMessage) => {
    if (message.read || asked.current.has(message.id)) return;
    asked.current.add(message.id);
    setRead((previous) => new Set(previous).add(message.id));
    const change = changeQueryData(unreadCountQuery, (data) => ({
      count: Math.max(0, (data?.count ?? 1) - 1),
    }));
    readMessage(message.id).then(
      (answer) => change.settle(() => answer),
      () => {
        asked.current.delete(message.id);
        change.cancel((data) => ({ count: (data?.count ?? 0) + 1 }));
        setRead((previous) => {
          const next = new Set(previous);
          next.delete(message.id);
          return next;
        });
      },
    );
  }, []);
  return { isRead, markRead };
}
