import type { ChatMessage, ChatServerFrame } from '@wps/contract/schemas/chat';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { clearQueries } from '@/queries/store';
import { setStoredMerchantCode } from '@/state/preferences';
import { clearSession } from '@/state/session';
import { signIn } from '@/test/sessionFixture';
import { CHAT_LINGER_MS, ChatClient } from './chatClient';
import { UNREAD_POLL_MS, useLiveUnreadCount } from './liveUnread';
import { forgetChatDevice, setSupportChat } from './supportChat';

vi.mock('@/api/endpoints/accounts', async (original) => ({
  ...(await original<typeof accounts>()),
  fetchUnreadCount: vi.fn(),
}));
const fetchUnreadCount = vi.mocked(accounts.fetchUnreadCount);

class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
  frame(frame: ChatServerFrame): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const agentReply = (id: number): ChatMessage => ({
  id,
  conversationId: 1,
  clientId: `a${id}`,
  sender: 'agent',
  agentName: 'Alex',
  body: `Reply ${id}`,
  attachmentId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  deliveredAt: null,
  readAt: null,
});

const server = { count: 1 };
let client: ChatClient;

function online(messages: ChatMessage[]): FakeSocket {
  const socket = FakeSocket.all.at(-1);
  if (socket === undefined) throw new Error('no socket');
  socket.readyState = FakeSocket.OPEN;
  socket.dispatchEvent(new Event('open'));
  socket.frame({
    type: 'ready',
    visitor: null,
    messages,
    more: false,
    unread: 0,
    availability: { open: true, nextOpenAt: null },
  });
  return socket;
}

const tick = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setStoredMerchantCode('aurora');
  signIn('tok-1');
  server.count = 1;
  fetchUnreadCount.mockReset();
  fetchUnreadCount.mockImplementation(() => Promise.resolve({ count: server.count }));
  client = new ChatClient({ url: () => 'ws://test/wps/chat/socket' });
  setSupportChat({
    identify: () => client.restart(),
    logout: () => client.logout(),
    live: () => client.isLive(),
  });
});

afterEach(() => {
  client.stop();
  setSupportChat(null);
  forgetChatDevice();
  clearSession();
  clearQueries();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the live unread count', () => {
  it('an agent reply while the member is elsewhere raises the badge at once; no polling while the socket is up', async () => {
    const badge = renderHook(() => useLiveUnreadCount());
    await tick(0);
    expect(badge.result.current).toBe(1);

    client.enterScreen();
    const socket = online([agentReply(1)]);
    client.markRead();
    client.leaveScreen();
    expect(client.isLive()).toBe(true);
    const asked = fetchUnreadCount.mock.calls.length;

    server.count = 2;
    act(() => socket.frame({ type: 'message', message: agentReply(2) }));
    await tick(500);
    expect(badge.result.current).toBe(2);
    // The socket keeps it live: no poll.
    const afterReply = fetchUnreadCount.mock.calls.length;
    expect(afterReply).toBe(asked + 1);
    await tick(UNREAD_POLL_MS * 2);
    expect(fetchUnreadCount.mock.calls.length).toBe(afterReply);

    // The socket closes after the lingering time; polling takes over.
    await tick(CHAT_LINGER_MS);
    expect(client.isLive()).toBe(false);
    expect(socket.readyState).toBe(3);
    server.count = 3;
    await tick(UNREAD_POLL_MS);
    expect(badge.result.current).toBe(3);
  });

  it('reading the replies in the chat lowers the badge', async () => {
    server.count = 2;
    const badge = renderHook(() => useLiveUnreadCount());
    await tick(0);
    expect(badge.result.current).toBe(2);
    client.enterScreen();
    online([agentReply(1), agentReply(2)]);
    server.count = 0;
    client.markRead();
    await tick(500);
    expect(badge.result.current).toBe(0);
  });

  it('without a socket the count is asked for every interval while visible', async () => {
    const badge = renderHook(() => useLiveUnreadCount());
    await tick(0);
    server.count = 4;
    await tick(UNREAD_POLL_MS - 1);
    expect(badge.result.current).toBe(1);
    await tick(1);
    expect(badge.result.current).toBe(4);
  });

  it('leaving the chat without a conversation closes the socket at once', () => {
    client.enterScreen();
    const socket = online([]);
    client.leaveScreen();
    expect(client.isLive()).toBe(false);
    expect(socket.readyState).toBe(3);
  });

  it('a logout while the socket lingers closes it and opens no visitor socket', async () => {
    client.enterScreen();
    online([agentReply(1)]);
    client.leaveScreen();
    const sockets = FakeSocket.all.length;
    clearSession();
    client.logout();
    await tick(60_000);
    expect(client.isLive()).toBe(false);
    expect(FakeSocket.all).toHaveLength(sockets);
    expect(client.getSnapshot().items).toEqual([]);
  });

  it('a visitor: no badge, nothing asked', async () => {
    clearSession();
    const badge = renderHook(() => useLiveUnreadCount());
    await tick(UNREAD_POLL_MS * 2);
    expect(badge.result.current).toBe(0);
    expect(fetchUnreadCount).not.toHaveBeenCalled();
  });
});
