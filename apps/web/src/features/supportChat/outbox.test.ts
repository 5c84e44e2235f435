import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { ChatMessage, ChatServerFrame } from '@wps/contract/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore, StorageKey } from '@/platform/storage';
import { setStoredMerchantCode } from '@/state/preferences';
import { clearSession, setSession } from '@/state/session';
import { ChatClient } from './chatClient';
import { OUTBOX_MAX_ENTRIES, outboxIdentity, readOutbox, writeOutbox } from './outbox';
import { supportChat } from './supportChat';

/** A WebSocket the test plays the server of. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.readyState = 3;
  }

  frame(frame: ChatServerFrame): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** Opens and answers the hello: the client is online. */
  ready(ready: Partial<Extract<ChatServerFrame, { type: 'ready' }>> = {}): this {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
    this.frame({
      type: 'ready',
      visitor: null,
      messages: [],
      more: false,
      unread: 0,
      availability: { open: true, nextOpenAt: null },
      ...ready,
    });
    return this;
  }

  sentOf(type: string): Record<string, unknown>[] {
    return this.sent.filter((frame) => frame.type === type);
  }
}

function latest(): FakeSocket {
  const socket = FakeSocket.all.at(-1);
  if (socket === undefined) throw new Error('no socket');
  return socket;
}

/** A page load: a fresh client (nothing in memory), started; its socket not open yet. */
function load(): ChatClient {
  const client = new ChatClient({ url: () => 'ws://test/wps/chat/socket' });
  client.start();
  return client;
}

function member(id: string, token = `token-${id}`): void {
  setSession({
    spanId: 's',
    id,
    token,
    merchantCode: 'aurora',
    userName: `u${id}`,
    type: 0,
    firstTimeLogin: false,
  });
}

const pending = (client: ChatClient) =>
  client
    .getSnapshot()
    .items.filter((item) => item.state === 'pending')
    .map((item) => item.body);

const stored = (id: number, clientId: string, body: string): ChatMessage => ({
  id,
  conversationId: 1,
  clientId,
  sender: 'member',
  agentName: null,
  body,
  attachmentId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  deliveredAt: null,
  readAt: null,
});

const clients: ChatClient[] = [];
function page(): ChatClient {
  const client = load();
  clients.push(client);
  return client;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setStoredMerchantCode('aurora');
});

afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  clearSession();
  supportChat().logout();
  localStore.remove(StorageKey.merchantCode);
  vi.unstubAllGlobals();
});

describe('the outbox in storage', () => {
  const id = outboxIdentity('aurora', { visitorId: 'v1' });
  const good = { clientId: 'c1', body: 'Hi', attachmentId: null, createdAt: '2026-11-23T10:00:00.000Z' };

  it.each<[string, unknown, string[]]>([
    ['nothing stored', undefined, []],
    ['a good entry', { [id]: [good] }, ['c1']],
    ['not an object', 'hello', []],
    ['a list instead of the map', [good], []],
    ['the identity’s box not a list', { [id]: good }, []],
    ['a client id with a quote', { [id]: [{ ...good, clientId: 'a"b' }] }, []],
    ['a client id over 64', { [id]: [{ ...good, clientId: 'a'.repeat(65) }] }, []],
    ['a body over the limit', { [id]: [{ ...good, body: 'x'.repeat(1001) }] }, []],
    ['an empty body without an image', { [id]: [{ ...good, body: '  ' }] }, []],
    ['an image id that is a path', { [id]: [{ ...good, body: '', attachmentId: '../../x' }] }, []],
    ['an image alone', { [id]: [{ ...good, body: '', attachmentId: 'A'.repeat(22) }] }, ['c1']],
    ['a number for a body', { [id]: [{ ...good, body: 7 }] }, []],
    ['the same client id twice', { [id]: [good, { ...good, body: 'again' }] }, ['c1']],
    ['another identity’s box', { [outboxIdentity('aurora', { visitorId: 'v2' })]: [good] }, []],
    ['another merchant’s box', { [outboxIdentity('lotus', { visitorId: 'v1' })]: [good] }, []],
  ])('%s', (_name, value, expected) => {
    if (value === undefined) localStore.remove(LazyStorageKey.chatOutbox);
    else localStore.setString(LazyStorageKey.chatOutbox, JSON.stringify(value));
    expect(readOutbox(id).map((entry) => entry.clientId)).toEqual(expected);
  });

  it('malformed JSON reads as empty', () => {
    localStore.setString(LazyStorageKey.chatOutbox, '{"');
    expect(readOutbox(id)).toEqual([]);
  });

  it(`keeps the newest ${OUTBOX_MAX_ENTRIES}; an empty box leaves no key`, () => {
    const many = Array.from({ length: OUTBOX_MAX_ENTRIES + 5 }, (_, n) => ({ ...good, clientId: `c${n}` }));
    writeOutbox(id, many);
    const kept = readOutbox(id);
    expect(kept).toHaveLength(OUTBOX_MAX_ENTRIES);
    expect(kept[0]?.clientId).toBe('c5');
    writeOutbox(id, []);
    expect(localStore.getString(LazyStorageKey.chatOutbox)).toBeNull();
  });
});

describe('unsent messages survive a reload and go once', () => {
  it('a new visitor writes offline, reloads, comes online: sent with the same client id, then gone from storage', () => {
    const first = page();
    first.send('First question');
    first.send('Second question');
    const clientIds = first.getSnapshot().items.map((item) => item.key);
    first.stop();

    // The reload: nothing in memory, the two messages back as pending, in order.
    const second = page();
    expect(pending(second)).toEqual(['First question', 'Second question']);
    const socket = latest().ready({ visitor: 'v-new' });
    expect(socket.sentOf('send').map((frame) => frame.clientId)).toEqual(clientIds);
    // Not yet stored: kept under the visitor's id now.
    expect(readOutbox(outboxIdentity('aurora', { visitorId: 'v-new' }))).toHaveLength(2);
    expect(readOutbox(outboxIdentity('aurora', { visitorId: null }))).toHaveLength(0);
    clientIds.forEach((clientId, n) => {
      socket.frame({ type: 'ack', clientId, message: stored(n + 1, clientId, `q${n}`) });
    });
    expect(pending(second)).toEqual([]);
    expect(localStore.getString(LazyStorageKey.chatOutbox)).toBeNull();
    second.stop();

    // Another reload: nothing to send again.
    page();
    const third = latest().ready({ visitor: 'v-new' });
    expect(third.sentOf('send')).toEqual([]);
  });

  it('stored by the server but the answer was lost: the history settles it, nothing is sent twice', () => {
    const first = page();
    latest().ready({ visitor: 'v1' });
    const lost = latest();
    first.send('Did it arrive?');
    const clientId = String(lost.sentOf('send')[0]?.clientId);
    first.stop();

    const second = page();
    const socket = latest().ready({ visitor: 'v1', messages: [stored(9, clientId, 'Did it arrive?')] });
    expect(socket.sentOf('send')).toEqual([]);
    expect(second.getSnapshot().items).toMatchObject([{ key: clientId, id: 9, state: 'sent' }]);
    expect(localStore.getString(LazyStorageKey.chatOutbox)).toBeNull();
  });

  it('a member’s unsent messages wait for that member only: not another member, not another merchant', () => {
    member('1');
    const alice = page();
    alice.send('From Alice');
    alice.stop();
    // The tab closed without a logout; Bob signs in on the same device.
    clearSession();
    member('2');
    const bob = page();
    expect(pending(bob)).toEqual([]);
    expect(latest().ready().sentOf('send')).toEqual([]);
    bob.stop();
    // Alice's user id at another merchant is another box.
    setStoredMerchantCode('lotus');
    member('1');
    const elsewhere = page();
    expect(pending(elsewhere)).toEqual([]);
    elsewhere.stop();
    // Alice again, at aurora: her message goes.
    setStoredMerchantCode('aurora');
    const again = page();
    expect(pending(again)).toEqual(['From Alice']);
    expect(latest().ready().sentOf('send')).toMatchObject([{ body: 'From Alice' }]);
  });

  it('a logout takes the unsent messages away; the next person sees none', () => {
    member('1');
    const client = page();
    client.send('Private question');
    expect(localStore.getString(LazyStorageKey.chatOutbox)).toContain('Private question');
    // The token effects: the token is gone, the chat logged out.
    clearSession();
    client.logout();
    expect(localStore.getString(LazyStorageKey.chatOutbox)).toBeNull();
    expect(pending(client)).toEqual([]);
    client.stop();
    const next = page();
    expect(pending(next)).toEqual([]);
  });

  it('a logout before the chat’s code was ever loaded also forgets them', async () => {
    writeOutbox(outboxIdentity('aurora', { memberId: '1' }), [
      { clientId: 'c1', body: 'Left behind', attachmentId: null, createdAt: '2026-11-23T10:00:00.000Z' },
    ]);
    const { forgetChatDevice } = await import('./supportChat');
    forgetChatDevice();
    expect(localStore.getString(LazyStorageKey.chatOutbox)).toBeNull();
  });

  it('a visitor’s unsent messages go with the member who logs in (the conversation is carried over)', () => {
    localStore.setString(LazyStorageKey.chatVisitor, 'v7');
    const client = page();
    client.send('Asked as a visitor');
    const clientId = client.getSnapshot().items[0]?.key;
    // The token effects: a token appeared, the chat starts again as the member.
    member('3');
    client.restart();
    expect(pending(client)).toEqual(['Asked as a visitor']);
    const socket = latest().ready();
    expect(socket.sentOf('hello')[0]).toMatchObject({ token: 'token-3', visitor: 'v7' });
    expect(socket.sentOf('send')).toMatchObject([{ clientId, body: 'Asked as a visitor' }]);
    expect(readOutbox(outboxIdentity('aurora', { visitorId: 'v7' }))).toEqual([]);
    expect(readOutbox(outboxIdentity('aurora', { memberId: '3' }))).toHaveLength(1);
  });

  it('a rate-limited message is sent again as it was, same client id', () => {
    vi.useFakeTimers();
    try {
      page();
      const socket = latest().ready({ visitor: 'v1' });
      writeOutbox(outboxIdentity('aurora', { visitorId: 'v1' }), []);
      const client = clients[0];
      if (client === undefined) throw new Error('no client');
      client.send('text');
      const clientId = String(socket.sentOf('send')[0]?.clientId);
      socket.frame({ type: 'error', code: 'chat_rate_limited', clientId, retryAfterMs: 500 });
      vi.advanceTimersByTime(500);
      expect(socket.sentOf('send')).toHaveLength(2);
      expect(socket.sentOf('send')[1]).toEqual(socket.sentOf('send')[0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
