import {
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  CHAT_SOCKET_PATH,
  STAFF_SOCKET_PATH,
} from '@wps/contract/chat';
import { endpoints } from '@wps/contract/endpoints';
import type { ChatMessage } from '@wps/contract/schemas/chat';
import type { UnreadCount } from '@wps/contract/accounts';
import type { ChatQueueItem as QueueItem, StaffServerFrame as StaffFrame } from '@wps/contract/schemas/staff';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts } from '../../db/schema/index.js';
import { AURORA, failure, get, LOTUS, value } from '../../test/accounts.js';
import { hello, memberToken, sendAndAck, staffCall, staffSignerOn, TestSocket } from '../../test/chat.js';
import { SIGNALS_PER_WINDOW } from './socket.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();
const signInStaff = staffSignerOn(clock);

describe.each(backends)('support chat (%s)', (backend) => {
  const t = useTestApp(backend, { now: clock.now });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a visitor gets a signed pseudo-id, sends once per client id, and reconnects from the last id seen', async () => {
    const first = await hello(t.app);
    // Lotus's support hours (weekdays 09:00–18:00 in Vietnam); the test clock is Tue 19:00 there.
    expect(first.ready.availability).toEqual({ open: false, nextOpenAt: '2030-01-02T02:00:00.000Z' });
    expect(first.ready.visitor).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    expect(first.ready.messages).toEqual([]);
    const visitor = first.ready.visitor ?? '';

    const one = await sendAndAck(first.socket, 'c-1', 'Hello, anyone?');
    const two = await sendAndAck(first.socket, 'c-2', 'I need help with a deposit');
    expect(two.id).toBeGreaterThan(one.id);
    // The same client id again (a resend after a lost ack): the same message, not a new one.
    const again = await sendAndAck(first.socket, 'c-1', 'Hello, anyone?');
    expect(again.id).toBe(one.id);
    await first.socket.close();

    const back = await hello(t.app, { visitor, since: one.id });
    expect(back.ready.visitor).toBe(visitor);
    expect(back.ready.messages.map((m) => m.clientId)).toEqual(['c-2']);
    const full = await hello(t.app, { visitor });
    expect(full.ready.messages.map((m) => m.clientId)).toEqual(['c-1', 'c-2']);
    await back.socket.close();
    await full.socket.close();
  });

  it.each([
    ['a forged signature', (id: string) => `${id.slice(0, 23)}AAAAAAAAAAAAAAAAAAAAAA`],
    ['garbage', () => 'not-a-visitor-id'],
    ['another merchant’s id', (id: string) => id],
  ])('a visitor id with %s is never adopted: a new identity without the history', async (_name, alter) => {
    const owner = await hello(t.app, {}, LOTUS);
    await sendAndAck(owner.socket, 'secret-1', 'my private question');
    await owner.socket.close();
    const stolen = alter(owner.ready.visitor ?? '');
    const other = await hello(t.app, { visitor: stolen }, _name === 'another merchant’s id' ? AURORA : LOTUS);
    expect(other.ready.visitor).not.toBe(owner.ready.visitor);
    expect(other.ready.messages).toEqual([]);
    await other.socket.close();
  });

  it.each([
    ['not JSON', '{oops', 'invalid_request'],
    ['an unknown type', { type: 'shout' }, 'invalid_request'],
    ['an empty body', { type: 'send', clientId: 'x', body: '   ' }, 'invalid_request'],
    ['a too-long body', { type: 'send', clientId: 'x', body: 'a'.repeat(1001) }, 'invalid_request'],
    ['a hostile client id', { type: 'send', clientId: '../x', body: 'hi' }, 'invalid_request'],
    ['a send before hello', { type: 'send', clientId: 'x', body: 'hi' }, 'chat_not_ready'],
  ])('refuses %s with an error frame', async (_name, frame, code) => {
    const socket = await TestSocket.open(t.app, CHAT_SOCKET_PATH);
    socket.send(frame);
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ type: 'error', code });
    await socket.close();
  });

  it('a bad session token is refused and the socket closed (the app logs the chat out)', async () => {
    const socket = await TestSocket.open(t.app, CHAT_SOCKET_PATH);
    socket.send({ type: 'hello', token: 'not-a-token' });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ code: 'user.or.token.invalid' });
    expect(await socket.whenClosed()).toBe(4401);
  });

  it('member writes, the agent sees it in the queue and replies, the member gets it once and reads it', async () => {
    const token = await memberToken(t.app, 'demo');
    const cookie = await signInStaff(t.app, 'lotus-agent', LOTUS);
    const staff = await TestSocket.open<StaffFrame>(t.app, STAFF_SOCKET_PATH, {
      cookie,
      host: LOTUS,
    });
    await staff.next((f) => f.type === 'ready');

    const { socket, ready } = await hello(t.app, { token });
    expect(ready.visitor).toBeNull();
    const sent = await sendAndAck(socket, 'm-1', 'Where is my withdrawal?');
    expect(await staff.next((f) => f.type === 'message')).toMatchObject({ message: { id: sent.id } });

    const queue = value<QueueItem[]>(
      await staffCall(t.app, 'GET', 'conversations', cookie, undefined, LOTUS),
    );
    const item = queue.find((each) => each.id === sent.conversationId);
    expect(item).toMatchObject({
      account: 'demo',
      vipLabel: 'Gold',
      language: 'en',
      status: 'open',
      unread: 1,
    });

    const reply = value<ChatMessage>(
      await staffCall(
        t.app,
        'POST',
        `conversations/${sent.conversationId}/messages`,
        cookie,
        {
          clientId: 'a-1',
          body: 'Let me check that for you.',
        },
        LOTUS,
      ),
    );
    expect(reply).toMatchObject({ sender: 'agent', agentName: 'Alex (support)' });
    expect(await socket.next((f) => f.type === 'message' && f.message.id === reply.id)).toBeTruthy();
    // Resending the reply (same client id) stores and delivers nothing new.
    const resent = value<ChatMessage>(
      await staffCall(
        t.app,
        'POST',
        `conversations/${sent.conversationId}/messages`,
        cookie,
        {
          clientId: 'a-1',
          body: 'Let me check that for you.',
        },
        LOTUS,
      ),
    );
    expect(resent.id).toBe(reply.id);

    const unread = () =>
      get(t.app, endpoints.unreadCount.path, { token, host: LOTUS }).then((r) => value<UnreadCount>(r).count);
    const before = await unread();
    socket.send({ type: 'delivered', upTo: reply.id });
    socket.send({ type: 'read', upTo: reply.id });
    expect(await staff.next((f) => f.type === 'receipt' && f.kind === 'read')).toMatchObject({
      sender: 'agent',
      upTo: reply.id,
    });
    expect(await unread()).toBe(before - 1);
    expect(socket.frames.filter((f) => f.type === 'message' && f.message.id === reply.id)).toEqual([]);
    await socket.close();
    await staff.close();
  });

  it('typing goes to the other side only', async () => {
    const token = await memberToken(t.app, 'newbie');
    const cookie = await signInStaff(t.app, 'lotus-agent', LOTUS);
    const staff = await TestSocket.open<StaffFrame>(t.app, STAFF_SOCKET_PATH, {
      cookie,
      host: LOTUS,
    });
    await staff.next((f) => f.type === 'ready');
    const { socket } = await hello(t.app, { token });
    const sent = await sendAndAck(socket, 't-1', 'hi');
    socket.send({ type: 'typing', on: true });
    expect(await staff.next((f) => f.type === 'typing')).toMatchObject({
      conversationId: sent.conversationId,
      on: true,
    });
    staff.send({ type: 'typing', conversationId: sent.conversationId, on: true });
    expect(await socket.next((f) => f.type === 'typing')).toMatchObject({ sender: 'agent', on: true });
    await socket.close();
    await staff.close();
  });

  it('typing and receipts past a socket’s budget are dropped, sends are not', async () => {
    const token = await memberToken(t.app, 'demo');
    const cookie = await signInStaff(t.app, 'lotus-agent', LOTUS);
    const staff = await TestSocket.open<StaffFrame>(t.app, STAFF_SOCKET_PATH, {
      cookie,
      host: LOTUS,
    });
    await staff.next((f) => f.type === 'ready');
    const { socket } = await hello(t.app, { token });
    await sendAndAck(socket, 'budget-1', 'hi');
    for (let i = 0; i < SIGNALS_PER_WINDOW + 15; i += 1) socket.send({ type: 'typing', on: i % 2 === 0 });
    const last = await sendAndAck(socket, 'budget-2', 'still here');
    expect(last.body).toBe('still here');
    await staff.next((f) => f.type === 'message' && f.message.clientId === 'budget-2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(staff.frames.filter((f) => f.type === 'typing')).toHaveLength(SIGNALS_PER_WINDOW);
    await socket.close();
    await staff.close();
  });

  it('members never see each other’s conversations; agents never see another merchant’s', async () => {
    const alice = await hello(t.app, { token: await memberToken(t.app, 'agent') });
    const bob = await hello(t.app, { token: await memberToken(t.app, 'newbie') });
    const aliceMessage = await sendAndAck(alice.socket, 'iso-1', 'Alice private');
    const otherCookie = await signInStaff(t.app, 'aurora-agent');
    const otherStaff = await TestSocket.open<StaffFrame>(t.app, STAFF_SOCKET_PATH, {
      cookie: otherCookie,
    });
    await otherStaff.next((f) => f.type === 'ready');
    const ownCookie = await signInStaff(t.app, 'lotus-agent', LOTUS);

    // Bob's history and socket: nothing of Alice's.
    const bobAgain = await hello(t.app, { token: await memberToken(t.app, 'newbie') });
    expect(bobAgain.ready.messages.some((m) => m.id === aliceMessage.id)).toBe(false);
    // The agent replies to Alice: only Alice's socket hears it.
    const reply = value<ChatMessage>(
      await staffCall(
        t.app,
        'POST',
        `conversations/${aliceMessage.conversationId}/messages`,
        ownCookie,
        {
          clientId: 'iso-r',
          body: 'For Alice only',
        },
        LOTUS,
      ),
    );
    await alice.socket.next((f) => f.type === 'message' && f.message.id === reply.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bob.socket.frames.some((f) => f.type === 'message')).toBe(false);
    expect(otherStaff.frames.some((f) => f.type === 'message' || f.type === 'conversation')).toBe(false);

    // Aurora's agent: not in its queue, not readable, not answerable, not closable.
    const otherQueue = value<QueueItem[]>(await staffCall(t.app, 'GET', 'conversations', otherCookie));
    expect(otherQueue.some((item) => item.id === aliceMessage.conversationId)).toBe(false);
    for (const [method, path, body] of [
      ['GET', `conversations/${aliceMessage.conversationId}/messages`, undefined],
      ['POST', `conversations/${aliceMessage.conversationId}/messages`, { clientId: 'x', body: 'hi' }],
      ['POST', `conversations/${aliceMessage.conversationId}/close`, {}],
      ['POST', `conversations/${aliceMessage.conversationId}/pickup`, {}],
    ] as const) {
      const answer = failure(await staffCall(t.app, method, path, otherCookie, body));
      expect(answer).toMatchObject({ status: 404, code: 'chat_conversation_not_found' });
    }
    // A lotus staff cookie on aurora's host is no session there.
    expect(failure(await staffCall(t.app, 'GET', 'conversations', ownCookie))).toMatchObject({
      status: 401,
      code: 'staff_not_signed_in',
    });
    for (const each of [alice.socket, bob.socket, bobAgain.socket, otherStaff]) await each.close();
  });

  it('only the assigned agent (or a supervisor) acts on a picked-up conversation; transfers stay in the merchant', async () => {
    const visitor = await hello(t.app, {}, AURORA);
    const sent = await sendAndAck(visitor.socket, 'p-1', 'hello');
    const agent = await signInStaff(t.app, 'aurora-agent');
    const lead = await signInStaff(t.app, 'aurora-lead');
    const [lotusRow] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.username, 'lotus-agent'));
    const id = sent.conversationId;

    expect(
      value<QueueItem>(await staffCall(t.app, 'POST', `conversations/${id}/pickup`, lead, {})),
    ).toMatchObject({
      status: 'assigned',
      assignedName: 'Sam (lead)',
    });
    expect(
      failure(
        await staffCall(t.app, 'POST', `conversations/${id}/messages`, agent, { clientId: 'z', body: 'x' }),
      ),
    ).toMatchObject({ status: 403, code: 'staff_forbidden' });
    expect(
      failure(
        await staffCall(t.app, 'POST', `conversations/${id}/transfer`, lead, { staffId: lotusRow?.id }),
      ),
    ).toMatchObject({ status: 400 });
    const agentRow = (
      await t.db.select().from(staffAccounts).where(eq(staffAccounts.username, 'aurora-agent'))
    )[0];
    expect(
      value<QueueItem>(
        await staffCall(t.app, 'POST', `conversations/${id}/transfer`, lead, { staffId: agentRow?.id }),
      ),
    ).toMatchObject({ assignedName: 'Alex (support)' });
    expect(
      value<QueueItem>(await staffCall(t.app, 'POST', `conversations/${id}/close`, agent, {})),
    ).toMatchObject({
      status: 'closed',
    });
    // A message after the close opens a new conversation.
    const after = await sendAndAck(visitor.socket, 'p-2', 'one more thing');
    expect(after.conversationId).not.toBe(id);
    await visitor.socket.close();
  });

  it('rate-limits a conversation, tells when to send again, and still answers a resend', async () => {
    const { socket } = await hello(t.app);
    for (let i = 0; i < CHAT_RATE_LIMIT; i += 1) {
      await sendAndAck(socket, `r-${i}`, `message ${i}`);
    }
    socket.send({ type: 'send', clientId: 'r-over', body: 'one too many' });
    const refused = await socket.next(
      (f) => f.type === 'error' || (f.type === 'ack' && f.clientId === 'r-over'),
    );
    expect(refused).toMatchObject({ code: 'chat_rate_limited', clientId: 'r-over' });
    expect(refused.type === 'error' && (refused.retryAfterMs ?? 0)).toBeGreaterThan(0);
    expect((await sendAndAck(socket, 'r-0', 'message 0')).clientId).toBe('r-0');
    clock.advance(CHAT_RATE_WINDOW_MS);
    expect((await sendAndAck(socket, 'r-over', 'one too many')).body).toBe('one too many');
    await socket.close();
  });

  it('a visitor who logs in keeps the conversation; the next visitor on the device does not see it', async () => {
    const visitor = await hello(t.app);
    const asked = await sendAndAck(visitor.socket, 'v-1', 'question before login');
    await visitor.socket.close();
    const token = await memberToken(t.app, 'demo');
    const member = await hello(t.app, { token, visitor: visitor.ready.visitor ?? '' });
    expect(member.ready.messages.map((m) => m.id)).toContain(asked.id);
    await member.socket.close();
    // After logout the app drops the visitor id; even with it the old conversation is the member's now.
    const next = await hello(t.app, { visitor: visitor.ready.visitor ?? '' });
    expect(next.ready.messages).toEqual([]);
    await next.socket.close();
  });
});
