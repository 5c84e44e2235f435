import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { sharedChatClient, type ChatClient, type ChatSnapshot } from '@/features/supportChat';

const SERVER_SNAPSHOT: ChatSnapshot = {
  status: 'connecting',
  items: [],
  agentTyping: false,
  unread: 0,
  availability: { open: true, nextOpenAt: null },
};

/**
 * The chat while the screen is shown: connected on mount, reconnected at once when the browser is
 * back online, agent messages read while the page is visible. Leaving it keeps the socket a while
 * (`leaveScreen`), so the unread badge elsewhere follows an agent's reply.
 */
export function useSupportChat(client: ChatClient = sharedChatClient()): {
  chat: ChatSnapshot;
  client: ChatClient;
} {
  const chat = useSyncExternalStore(client.subscribe, client.getSnapshot, () => SERVER_SNAPSHOT);
  const { language } = useT();
  client.setLanguage(language);
  useEffect(() => {
    client.enterScreen();
    const online = () => client.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      client.leaveScreen();
    };
  }, [client]);
  useEffect(() => {
    if (chat.unread === 0) return;
    if (document.visibilityState === 'visible') client.markRead();
    const visible = () => {
      if (document.visibilityState === 'visible') client.markRead();
    };
    document.addEventListener('visibilitychange', visible);
    return () => document.removeEventListener('visibilitychange', visible);
  }, [chat.unread, client]);
  return { chat, client };
}
