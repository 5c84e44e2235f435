import { CHAT_SOCKET_PATH, STAFF_SOCKET_PATH } from '@wps/contract/chat';
import { chatServerFrameSchema, type ChatMessage, type ChatServerFrame } from '@wps/contract/schemas/chat';
import { staffServerFrameSchema, type StaffServerFrame } from '@wps/contract/schemas/staff';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOTUS, value } from '../../test/accounts.js';
import { staffSignIn, TestSocket } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { useTestApp } from '../../test/test-app.js';

const clock = new TestClock();

function staffPost(app: FastifyInstance, path: string, cookie: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: `/wps/staff/${path}`,
    headers: { host: LOTUS, cookie, 'content-type': 'application/json', origin: `http://${LOTUS}` },
    payload: JSON.stringify(body),
  });
}

/**
 * The frames the server really sends, against the contract's schemas: one conversation through both
 * sockets that makes the server send every kind of frame of each (TestSocket checks each frame as it
 * arrives; here every kind is asked for by name), and hostile frames, which the schemas refuse.
 */
describe('chat socket frames', () => {
  const t = useTestApp('pglite', { now: clock.now });
  let cookie = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    clock.advance(30_000);
    cookie = await staffSignIn(t.app, 'lotus-agent', clock.now(), LOTUS);
  });

  it('every kind of frame either socket sends passes the contract', async () => {
    const staff = await TestSocket.open<StaffServerFrame>(t.app, STAFF_SOCKET_PATH, { cookie, host: LOTUS });
    const member = await TestSocket.open(t.app, CHAT_SOCKET_PATH, { host: LOTUS });
    const heard = { member: new Set<string>(), staff: new Set<string>() };
    const fromMember = async (match: (frame: ChatServerFrame) => boolean) => {
      const frame = await member.next(match);
      heard.member.add(frame.type);
      return frame;
    };
    const fromStaff = async (match: (frame: StaffServerFrame) => boolean) => {
      const frame = await staff.next(match);
      heard.staff.add(frame.type);
      return frame;
    };

    await fromStaff((f) => f.type === 'ready');
    member.send({ type: 'hello', language: 'en' });
    await fromMember((f) => f.type === 'ready');
    member.send({ type: 'send', clientId: 'frames-1', body: 'Hello?' });
    const ack = (await fromMember((f) => f.type === 'ack')) as Extract<ChatServerFrame, { type: 'ack' }>;
    const conversation = ack.message.conversationId;
    await fromStaff((f) => f.type === 'message');
    await fromStaff((f) => f.type === 'conversation');

    member.send({ type: 'typing', on: true });
    await fromStaff((f) => f.type === 'typing');
    staff.send({ type: 'typing', conversationId: conversation, on: true });
    await fromMember((f) => f.type === 'typing');

    const reply = value<ChatMessage>(
      await staffPost(t.app, `conversations/${conversation}/messages`, cookie, {
        clientId: 'r-1',
        body: 'Hi',
      }),
    );
    await fromMember((f) => f.type === 'message' && f.message.id === reply.id);
    member.send({ type: 'read', upTo: reply.id });
    await fromStaff((f) => f.type === 'receipt' && f.sender === 'agent');
    await staffPost(t.app, `conversations/${conversation}/read`, cookie, { upTo: ack.message.id });
    await fromMember((f) => f.type === 'receipt' && f.sender === 'member');

    member.send({ type: 'ping' });
    await fromMember((f) => f.type === 'pong');
    staff.send({ type: 'ping' });
    await fromStaff((f) => f.type === 'pong');
    member.send({ type: 'read', upTo: -1 });
    await fromMember((f) => f.type === 'error');

    // Every frame was checked as it arrived; every kind of each socket's schema was heard.
    expect(member.invalid).toEqual([]);
    expect(staff.invalid).toEqual([]);
    const kinds = (schema: { options: readonly { shape: { type: { value: string } } }[] }) =>
      schema.options.map((option) => option.shape.type.value).sort();
    expect([...heard.member].sort()).toEqual(kinds(chatServerFrameSchema));
    expect([...heard.staff].sort()).toEqual(kinds(staffServerFrameSchema));
    await member.close();
    await staff.close();
  });

  it.each<[string, unknown]>([
    ['the type hidden in __proto__', '{"__proto__":{"type":"ping"}}'],
    ['an array of frames', [{ type: 'ping' }]],
    ['a receipt up to text', { type: 'read', upTo: '5' }],
    ['a receipt up to a fraction', { type: 'delivered', upTo: 0.5 }],
    ['an image id that is not one', { type: 'send', clientId: 'c', body: '', attachmentId: '../../etc' }],
    ['a client id with a NUL', { type: 'send', clientId: 'a\u0000b', body: 'hi' }],
    ['typing as text', { type: 'typing', on: 'yes' }],
    ['hello with a token too long', { type: 'hello', token: 't'.repeat(513) }],
  ])('a member socket answers %s with invalid_request and stays usable', async (_name, frame) => {
    const member = await TestSocket.open(t.app, CHAT_SOCKET_PATH, { host: LOTUS });
    member.send(frame);
    expect(await member.next((f) => f.type === 'error')).toEqual({ type: 'error', code: 'invalid_request' });
    member.send({ type: 'ping' });
    await member.next((f) => f.type === 'pong');
    await member.close();
  });

  it('a staff socket ignores hostile frames and goes on answering', async () => {
    const staff = await TestSocket.open<StaffServerFrame>(t.app, STAFF_SOCKET_PATH, { cookie, host: LOTUS });
    await staff.next((f) => f.type === 'ready');
    for (const frame of [
      { type: 'typing', conversationId: '1', on: true },
      { type: 'typing', conversationId: -1, on: true },
      { type: 'send', clientId: 'c', body: 'hi' },
      '{"__proto__":{"type":"ping"}}',
      'not json',
    ]) {
      staff.send(frame);
    }
    staff.send({ type: 'ping' });
    await staff.next((f) => f.type === 'pong');
    expect(staff.frames).toEqual([]);
    await staff.close();
  });
});
