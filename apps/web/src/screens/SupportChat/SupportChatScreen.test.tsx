import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { ChatMessage, ChatServerFrame } from '@wps/contract/schemas/chat';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supportChat } from '@/features/supportChat';
import { MemoryRouter } from '@/platform/router';
import { localStore } from '@/platform/storage';
import { clearSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { SupportChatScreen } from './SupportChatScreen';

/** A WebSocket the test plays the server of. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.drop(1000);
  }

  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  frame(frame: ChatServerFrame): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  drop(code: number): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }

  sentOf(type: string): Record<string, unknown>[] {
    return this.sent.filter((frame) => frame.type === type);
  }
}

const latest = (): FakeSocket => {
  const socket = FakeSocket.all.at(-1);
  if (socket === undefined) throw new Error('no socket');
  return socket;
};

const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 1,
  clientId: `c${id}`,
  sender: 'agent',
  agentName: 'Alex',
  body: `Message ${id}`,
  attachmentId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  deliveredAt: null,
  readAt: null,
  ...overrides,
});

function renderChat(url = '/m/supportChat') {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <SupportChatScreen />
    </MemoryRouter>,
  );
}

async function connect(
  ready: Partial<Extract<ChatServerFrame, { type: 'ready' }>> = {},
): Promise<FakeSocket> {
  const socket = latest();
  act(() => socket.open());
  act(() =>
    socket.frame({
      type: 'ready',
      visitor: null,
      messages: [],
      more: false,
      unread: 0,
      availability: { open: true, nextOpenAt: null },
      ...ready,
    }),
  );
  await screen.findByText('Connected to customer service');
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  act(() => supportChat().logout());
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SupportChatScreen', () => {
  it.each([
    ['/m/supportChat', 'Customer service', '/m/home'],
    ['/m/supportChat?title=VIP%20desk&backUrl=%2Fm%2Fmember%2Fhome', 'VIP desk', '/m/member/home'],
    ['/m/supportChat?backUrl=https%3A%2F%2Fevil.example%2F', 'Customer service', '/m/home'],
    ['/m/supportChat?backUrl=%2F%2Fevil.example', 'Customer service', '/m/home'],
    ['/m/supportChat?backUrl=javascript%3Aalert(1)', 'Customer service', '/m/home'],
    ['/m/supportChat?backUrl=%2Fm%2F..%2F..%2Fadmin', 'Customer service', '/m/home'],
  ])('%s: title %s, back to %s (an in-app path only)', (url, title, back) => {
    renderChat(url);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', back);
  });

  it('a message written offline waits, goes once the socket is ready, then shows sent, delivered and read', async () => {
    renderChat();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Where is my deposit?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Where is my deposit?')).toBeInTheDocument();
    expect(screen.getByTestId('chat-state')).toHaveTextContent('Sending');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const socket = await connect();
    expect(socket.sentOf('hello')).toEqual([{ type: 'hello', since: 0, language: 'EN' }]);
    const [send] = socket.sentOf('send');
    expect(send).toMatchObject({ body: 'Where is my deposit?' });
    const clientId = String(send?.clientId);
    const stored = message(7, { sender: 'member', clientId, agentName: null, body: 'Where is my deposit?' });
    act(() => socket.frame({ type: 'ack', clientId, message: stored }));
    expect(screen.getByTestId('chat-state')).toHaveTextContent('Sent');
    // The fan-out echo of the same message: still one on screen.
    act(() => socket.frame({ type: 'message', message: stored }));
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
    const at = '2026-11-23T10:01:00.000Z';
    act(() =>
      socket.frame({ type: 'receipt', kind: 'delivered', sender: 'member', conversationId: 1, upTo: 7, at }),
    );
    expect(screen.getByTestId('chat-state')).toHaveTextContent('Delivered');
    act(() =>
      socket.frame({ type: 'receipt', kind: 'read', sender: 'member', conversationId: 1, upTo: 7, at }),
    );
    expect(screen.getByTestId('chat-state')).toHaveTextContent('Read');
  });

  it('shows the agent typing and the reply, and tells the server it was delivered and read', async () => {
    renderChat();
    const socket = await connect();
    act(() => socket.frame({ type: 'typing', sender: 'agent', conversationId: 1, on: true }));
    expect(screen.getByText('Support is typing…')).toBeInTheDocument();
    act(() => socket.frame({ type: 'message', message: message(3, { body: 'Let me check.' }) }));
    expect(screen.getByText('Let me check.')).toBeInTheDocument();
    expect(screen.getByText('Alex')).toBeInTheDocument();
    expect(screen.queryByText('Support is typing…')).not.toBeInTheDocument();
    expect(socket.sentOf('delivered')).toEqual([{ type: 'delivered', upTo: 3 }]);
    await waitFor(() => expect(socket.sentOf('read')).toEqual([{ type: 'read', upTo: 3 }]));
  });

  it('reconnects with backoff after a drop and asks only for what came after the last message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderChat();
    const first = await connect({ messages: [message(1), message(2)] });
    act(() => first.drop(1006));
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Offline');
    expect(FakeSocket.all).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(FakeSocket.all).toHaveLength(2);
    const second = await connect({ messages: [message(2), message(3)] });
    expect(second.sentOf('hello')).toEqual([{ type: 'hello', since: 2, language: 'EN' }]);
    expect(
      screen.getAllByTestId('chat-message').map((item) => item.querySelector('.chat-body')?.textContent),
    ).toEqual(['Message 1', 'Message 2', 'Message 3']);
  });

  it('a member says hello with the token; a visitor keeps the id the server gave, and loses it on logout', async () => {
    renderChat();
    const visitorSocket = await connect({
      visitor: 'visitor-id-1',
      messages: [message(1, { body: 'For the visitor' })],
    });
    expect(localStore.getString(LazyStorageKey.chatVisitor)).toBe('visitor-id-1');
    expect(visitorSocket.sentOf('hello')).toEqual([{ type: 'hello', since: 0, language: 'EN' }]);

    // Logging in: the chat is told who it is and starts again as the member (carrying the visitor id).
    signIn('member-token');
    act(() => supportChat().identify('alice', 'aurora_1'));
    expect(screen.queryByText('For the visitor')).not.toBeInTheDocument();
    const memberSocket = latest();
    act(() => memberSocket.open());
    expect(memberSocket.sentOf('hello')).toEqual([
      { type: 'hello', since: 0, token: 'member-token', visitor: 'visitor-id-1', language: 'EN' },
    ]);
    act(() =>
      memberSocket.frame({
        type: 'ready',
        visitor: null,
        messages: [message(1, { body: 'For the visitor' })],
        more: false,
        unread: 0,
        availability: { open: true, nextOpenAt: null },
      }),
    );
    expect(screen.getByText('For the visitor')).toBeInTheDocument();

    // Logging out: the conversation leaves the screen and the next visitor starts without an id.
    clearSession();
    act(() => supportChat().logout());
    expect(screen.queryByText('For the visitor')).not.toBeInTheDocument();
    expect(localStore.getString(LazyStorageKey.chatVisitor)).toBeNull();
    const next = latest();
    act(() => next.open());
    expect(next.sentOf('hello')).toEqual([{ type: 'hello', since: 0, language: 'EN' }]);
  });

  it.each([
    ['2030-01-07T02:00:00.000Z', /Someone will answer from .+\. You can still write/],
    [null, /we will answer when we are back/],
  ])(
    'outside the support hours (next %s) it says when someone will answer, and still takes messages',
    async (nextOpenAt, text) => {
      renderChat();
      await connect({ availability: { open: false, nextOpenAt } });
      expect(screen.getByTestId('chat-away')).toHaveTextContent(text);
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
      expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    },
  );

  it('sends an image: refused by type or size here, else uploaded with the visitor id and sent as a message', async () => {
    const upload = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ success: true, value: { id: 'A'.repeat(22), contentType: 'image/png', size: 4 } }),
          {
            status: 200,
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', upload);
    renderChat();
    const socket = await connect({ visitor: 'visitor-id-9' });
    const input = screen.getByLabelText('Image');
    await userEvent.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG or WebP image.');
    await userEvent.upload(
      input,
      new File([new Uint8Array(512 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is too large (at most 512 KB).');
    expect(upload).not.toHaveBeenCalled();

    await userEvent.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(socket.sentOf('send')).toHaveLength(1));
    expect(upload).toHaveBeenCalledWith(
      '/wps/chat/attachments',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ 'X-Chat-Visitor': 'visitor-id-9' }),
      }),
    );
    expect(socket.sentOf('send')[0]).toMatchObject({ body: '', attachmentId: 'A'.repeat(22) });
    expect(screen.getByRole('img', { name: 'Image sent in the chat' })).toHaveAttribute(
      'src',
      `/wps/chat/attachments/${'A'.repeat(22)}`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an agent’s image (from the server’s attachment address) with the agent’s name', async () => {
    renderChat();
    const socket = await connect();
    const id = 'B'.repeat(22);
    act(() => socket.frame({ type: 'message', message: message(4, { body: '', attachmentId: id }) }));
    const image = screen.getByRole('img', { name: 'Image sent in the chat' });
    expect(image).toHaveAttribute('src', `/wps/chat/attachments/${id}`);
    expect(image.closest('li')).toHaveTextContent('Alex');
  });

  it('does not send an empty message', async () => {
    renderChat();
    await connect();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
