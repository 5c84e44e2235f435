import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_PATH,
  CHAT_VISITOR_HEADER,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  CHAT_SOCKET_PATH,
  STAFF_SOCKET_PATH,
  endpoints,
  type ChatAttachment,
  type ChatMessage,
  type ChatServerFrame,
  type LoginResult,
  type UnreadCount,
} from '@wps/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { staffAccounts } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { DEMO_STAFF_PASSWORD } from '../../seed/staff.js';
import type { QueueItem, StaffFrame } from '../../services/chat/index.js';
import { AURORA, failure, get, loginPayload, LOTUS, sealedPost, value } from '../../test/accounts.js';
import { staffCode, staffSignIn, TestSocket } from '../../test/chat.js';
import { SIGNALS_PER_WINDOW } from './socket.js';
import { TestClock } from '../../test/clock.js';
import { backends, testConfig, useTestApp } from '../../test/test-app.js';

type Frame = ChatServerFrame;

const clock = new TestClock();

async function staffCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  cookie: string,
  body?: unknown,
  host = AURORA,
) {
  return app.inject({
    method,
    url: `/wps/staff/${path}`,
    headers: {
      host,
      cookie,
      ...(method === 'POST' ? { 'content-type': 'application/json', origin: `http://${host}` } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function memberToken(app: FastifyInstance, username: string, host = LOTUS): Promise<string> {
  const result = value<LoginResult>(
    await sealedPost(app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host }),
  );
  return result.token;
}

async function hello(
  app: FastifyInstance,
  frame: { token?: string; visitor?: string; since?: number } = {},
  host = LOTUS,
): Promise<{ socket: TestSocket; ready: Extract<Frame, { type: 'ready' }> }> {
  const socket = await TestSocket.open(app, CHAT_SOCKET_PATH, { host });
  socket.send({ type: 'hello', language: 'en', ...frame });
  const ready = (await socket.next((f) => f.type === 'ready')) as Extract<Frame, { type: 'ready' }>;
  return { socket, ready };
}

async function sendAndAck(socket: TestSocket, clientId: string, body: string): Promise<ChatMessage> {
  socket.send({ type: 'send', clientId, body });
  const ack = (await socket.next((f) => f.type === 'ack' && f.clientId === clientId)) as Extract<
    Frame,
    { type: 'ack' }
  >;
  return ack.message;
}

/** Each staff sign-in uses a fresh authenticator step (a code is never accepted twice). */
async function signInStaff(app: FastifyInstance, username: string, host = AURORA): Promise<string> {
  clock.advance(30_000);
  return staffSignIn(app, username, clock.now(), host);
}

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
    const staff = await TestSocket.open<StaffFrame | { type: 'ready' }>(t.app, STAFF_SOCKET_PATH, {
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
    const staff = await TestSocket.open<StaffFrame | { type: 'ready' }>(t.app, STAFF_SOCKET_PATH, {
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
    const staff = await TestSocket.open<StaffFrame | { type: 'ready' }>(t.app, STAFF_SOCKET_PATH, {
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
    const otherStaff = await TestSocket.open<StaffFrame | { type: 'ready' }>(t.app, STAFF_SOCKET_PATH, {
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
    const [leadRow] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.username, 'aurora-lead'));
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
    expect(leadRow?.role).toBe('supervisor');
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

  it.each([
    ['a wrong password', { password: 'nope' }, 401, 'staff_login_failed'],
    ['a wrong code', { code: '000000' }, 401, 'staff_login_failed'],
    ['an unknown user', { username: 'ghost' }, 401, 'staff_login_failed'],
    ['another merchant’s agent', { username: 'lotus-agent' }, 401, 'staff_login_failed'],
    ['no code', { code: '' }, 401, 'staff_login_failed'],
    ['a malformed body', { password: 5 }, 400, 'invalid_request'],
  ])('staff sign-in refuses %s', async (_name, change, status, code) => {
    clock.advance(30_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/wps/staff/login',
      headers: { host: AURORA, 'content-type': 'application/json', origin: `http://${AURORA}` },
      payload: {
        username: 'aurora-agent',
        password: DEMO_STAFF_PASSWORD,
        code: staffCode(clock.now()),
        ...change,
      },
    });
    expect(failure(response)).toMatchObject({ status, code });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('staff sign-in: a code is used once, the cookie is HttpOnly and SameSite=Strict, 2FA is required', async () => {
    clock.advance(30_000);
    const login = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/staff/login',
        headers: { host: AURORA, 'content-type': 'application/json', origin: `http://${AURORA}` },
        payload: { username, password: DEMO_STAFF_PASSWORD, code: staffCode(clock.now()) },
      });
    const first = await login('aurora-agent');
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^wps_staff=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    expect(failure(await login('aurora-agent'))).toMatchObject({ code: 'staff_login_failed' });

    await t.db
      .update(staffAccounts)
      .set({ totpSecretSealed: null })
      .where(eq(staffAccounts.username, 'aurora-lead'));
    expect(failure(await login('aurora-lead'))).toMatchObject({
      status: 403,
      code: 'staff_second_factor_required',
    });
    // A cross-site POST is refused before anything else.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/wps/staff/login',
      headers: { host: AURORA, 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: { username: 'aurora-agent', password: DEMO_STAFF_PASSWORD, code: '123456' },
    });
    expect(crossSite.statusCode).toBe(403);
    // No cookie: no console data, and the staff socket closes.
    expect(failure(await staffCall(t.app, 'GET', 'conversations', ''))).toMatchObject({ status: 401 });
    const socket = await TestSocket.open(t.app, STAFF_SOCKET_PATH);
    expect(await socket.whenClosed()).toBe(4401);
  });

  it.each([
    [
      'b2c=1&title=VIP%20desk&backUrl=%2Fm%2Fmember%2Fhome&language=EN',
      '/m/supportChat?b2c=1&title=VIP+desk&backUrl=%2Fm%2Fmember%2Fhome&language=EN',
    ],
    ['backUrl=https%3A%2F%2Fevil.example%2F', '/m/supportChat'],
    ['backUrl=%2F%2Fevil.example%2Fm%2F', '/m/supportChat'],
    ['backUrl=%2Fm%2F..%2F..%2Fadmin', '/m/supportChat'],
    ['backUrl=%2Fm%2F%252e%252e%2Fadmin', '/m/supportChat'],
    ['backUrl=javascript%3Aalert(1)', '/m/supportChat'],
    ['', '/m/supportChat'],
  ])('CBS_launchChat ?%s answers %s (backUrl only as an in-app path)', async (query, url) => {
    const response = await get(t.app, `${endpoints.launchChat.path}${query === '' ? '' : `?${query}`}`);
    expect(value<{ url: string }>(response)).toEqual({ url });
  });

  it.each([['language=<script>'], ['title=' + 'x'.repeat(61)]])(
    'CBS_launchChat refuses ?%s',
    async (query) => {
      expect(failure(await get(t.app, `${endpoints.launchChat.path}?${query}`))).toMatchObject({
        status: 400,
        code: 'invalid_request',
      });
    },
  );

  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (data: string, headers: Record<string, string>, host = LOTUS) =>
    t.app.inject({
      method: 'POST',
      url: CHAT_ATTACHMENT_PATH,
      headers: { host, 'content-type': 'application/json', origin: `http://${host}`, ...headers },
      payload: JSON.stringify({ data }),
    });

  it('an image goes up, is sent as a message, and is served as its bytes’ type with safe headers', async () => {
    const { socket, ready } = await hello(t.app);
    const visitor = { [CHAT_VISITOR_HEADER]: ready.visitor ?? '' };
    const stored = value<ChatAttachment>(await upload(PNG.toString('base64'), visitor));
    expect(stored).toMatchObject({ contentType: 'image/png', size: PNG.length });
    socket.send({ type: 'send', clientId: 'img-1', body: '', attachmentId: stored.id });
    const ack = await socket.next((f) => f.type === 'ack');
    expect(ack).toMatchObject({ message: { attachmentId: stored.id, body: '' } });

    const served = await t.app.inject({
      method: 'GET',
      url: `${CHAT_ATTACHMENT_PATH}/${stored.id}`,
      headers: { host: LOTUS },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="chat-image.png"',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    // Another merchant's host, or an unknown id: not found.
    for (const [host, id] of [
      [AURORA, stored.id],
      [LOTUS, 'A'.repeat(22)],
    ] as const) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${CHAT_ATTACHMENT_PATH}/${id}`,
        headers: { host },
      });
      expect(answer.statusCode).toBe(404);
    }
    // Another conversation's image cannot be attached to a message.
    const other = await hello(t.app);
    other.socket.send({ type: 'send', clientId: 'img-x', body: '', attachmentId: stored.id });
    expect(await other.socket.next((f) => f.type === 'error')).toMatchObject({ code: 'invalid_request' });
    await socket.close();
    await other.socket.close();
  });

  it.each([
    [
      'a script disguised as an image',
      Buffer.from('<script>alert(1)</script>').toString('base64'),
      400,
      'invalid_request',
    ],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
        'base64',
      ),
      400,
      'invalid_request',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'), 400, 'invalid_request'],
    ['not base64', '@@@@', 400, 'invalid_request'],
    [
      'an image over the limit',
      Buffer.concat([PNG, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES)])
        .subarray(0, CHAT_ATTACHMENT_MAX_BYTES + 1)
        .toString('base64'),
      413,
      'payload_too_large',
    ],
  ])('refuses %s', async (_name, data, status, code) => {
    const { socket, ready } = await hello(t.app);
    expect(failure(await upload(data, { [CHAT_VISITOR_HEADER]: ready.visitor ?? '' }))).toMatchObject({
      status,
      code,
    });
    await socket.close();
  });

  it.each([
    ['no identity', {}],
    ['a forged visitor id', { [CHAT_VISITOR_HEADER]: `${'A'.repeat(22)}.${'B'.repeat(22)}` }],
  ])('refuses an upload with %s', async (_name, headers) => {
    expect(failure(await upload(PNG.toString('base64'), headers))).toMatchObject({ code: 'chat_not_ready' });
  });

  it('the console page is its own small page with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/staff/', headers: { host: AURORA } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/staff/console.js" defer></script>');
    expect(page.body).not.toMatch(/<script>/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: '/staff/console.js', headers: { host: AURORA } });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).not.toContain('innerHTML');
  });
});

describe.runIf(backends.includes('postgres'))('support chat across two instances on one PostgreSQL', () => {
  const t = useTestApp('postgres', { now: clock.now });
  let second: FastifyInstance;
  let secondDatabase: Database;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    secondDatabase = await t.testDatabase.openAnother();
    second = await buildApp({
      config: testConfig(),
      database: secondDatabase,
      cacheTtlMs: 0,
      now: clock.now,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
  });

  it('a reply sent on one instance reaches the member’s socket on the other, and the agent console there', async () => {
    const token = await memberToken(t.app, 'demo');
    const { socket } = await hello(t.app, { token });
    const cookie = await signInStaff(second, 'lotus-agent', LOTUS);
    const staff = await TestSocket.open<StaffFrame | { type: 'ready' }>(second, STAFF_SOCKET_PATH, {
      cookie,
      host: LOTUS,
    });
    await staff.next((f) => f.type === 'ready');

    const asked = await sendAndAck(socket, 'x-1', 'Across instances?');
    expect(await staff.next((f) => f.type === 'message')).toMatchObject({ message: { id: asked.id } });
    const reply = value<ChatMessage>(
      await staffCall(
        second,
        'POST',
        `conversations/${asked.conversationId}/messages`,
        cookie,
        {
          clientId: 'x-r',
          body: 'Yes.',
        },
        LOTUS,
      ),
    );
    expect(await socket.next((f) => f.type === 'message' && f.message.id === reply.id)).toBeTruthy();
    await socket.close();
    await staff.close();
  });
});
