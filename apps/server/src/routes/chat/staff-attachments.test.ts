import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_PATH,
  CHAT_SOCKET_PATH,
  type ChatAttachment,
} from '@wps/contract/chat';
import type { ChatMessage, ChatServerFrame } from '@wps/contract/schemas/chat';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AURORA, failure, LOTUS, value } from '../../test/accounts.js';
import { staffSignIn, TestSocket } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

function staffCall(
  app: FastifyInstance,
  path: string,
  cookie: string,
  body: unknown,
  host = AURORA,
  method: 'GET' | 'POST' = 'POST',
) {
  return app.inject({
    method,
    url: `/wps/staff/${path}`,
    headers: {
      host,
      cookie,
      ...(method === 'POST' ? { 'content-type': 'application/json', origin: `http://${host}` } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body) } : {}),
  });
}

describe.each(backends)('agents send images (%s)', (backend) => {
  const t = useTestApp(backend, { now: clock.now });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function signIn(username: string, host = AURORA): Promise<string> {
    clock.advance(30_000);
    return staffSignIn(t.app, username, clock.now(), host);
  }

  /** A visitor's conversation on `host` with one message; the socket stays open. */
  async function conversation(host = AURORA): Promise<{ socket: TestSocket; conversationId: number }> {
    const socket = await TestSocket.open(t.app, CHAT_SOCKET_PATH, { host });
    socket.send({ type: 'hello', language: 'en' });
    await socket.next((f) => f.type === 'ready');
    socket.send({ type: 'send', clientId: `q-${Math.random().toString(36).slice(2)}`, body: 'A question' });
    const ack = (await socket.next((f) => f.type === 'ack')) as Extract<ChatServerFrame, { type: 'ack' }>;
    return { socket, conversationId: ack.message.conversationId };
  }

  const upload = (cookie: string, conversationId: number | string, data: string, host = AURORA) =>
    staffCall(t.app, `conversations/${conversationId}/attachments`, cookie, { data }, host);

  it.each([
    ['47 KB', 47 * 1024],
    ['300 KB', 300 * 1024],
    ['exactly the limit', CHAT_ATTACHMENT_MAX_BYTES],
  ])(
    'an agent sends an image of %s (a real screenshot, over the old 64 KB body cap)',
    async (_name, size) => {
      const { socket, conversationId } = await conversation();
      const cookie = await signIn('aurora-agent');
      const image = Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
      const stored = value<ChatAttachment>(await upload(cookie, conversationId, image.toString('base64')));
      expect(stored).toMatchObject({ contentType: 'image/png', size });
      await socket.close();
    },
  );

  it('an agent’s image reaches the member once, served as its bytes’ type with safe headers', async () => {
    const { socket, conversationId } = await conversation();
    const cookie = await signIn('aurora-agent');
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const stored = value<ChatAttachment>(await upload(cookie, conversationId, bytes.toString('base64')));
      expect(stored).toMatchObject({ contentType: type, size: bytes.length });
      const clientId = `img-${type.slice(6)}`;
      const reply = value<ChatMessage>(
        await staffCall(t.app, `conversations/${conversationId}/messages`, cookie, {
          clientId,
          attachmentId: stored.id,
        }),
      );
      expect(reply).toMatchObject({ sender: 'agent', body: '', attachmentId: stored.id });
      // A resend of the same reply answers the stored one, not a second message.
      const again = value<ChatMessage>(
        await staffCall(t.app, `conversations/${conversationId}/messages`, cookie, {
          clientId,
          attachmentId: stored.id,
        }),
      );
      expect(again.id).toBe(reply.id);
      expect(await socket.next((f) => f.type === 'message' && f.message.id === reply.id)).toMatchObject({
        message: { attachmentId: stored.id, agentName: 'Alex (support)' },
      });

      const served = await t.app.inject({
        method: 'GET',
        url: `${CHAT_ATTACHMENT_PATH}/${stored.id}`,
        headers: { host: AURORA },
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      // Never on another merchant's host.
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: `${CHAT_ATTACHMENT_PATH}/${stored.id}`,
        headers: { host: LOTUS },
      });
      expect(elsewhere.statusCode).toBe(404);
    }
    // Text and image together.
    const stored = value<ChatAttachment>(await upload(cookie, conversationId, PNG.toString('base64')));
    expect(
      value<ChatMessage>(
        await staffCall(t.app, `conversations/${conversationId}/messages`, cookie, {
          clientId: 'both',
          body: 'Here is the screen',
          attachmentId: stored.id,
        }),
      ),
    ).toMatchObject({ body: 'Here is the screen', attachmentId: stored.id });
    expect(await socket.next((f) => f.type === 'message' && f.message.sender === 'agent')).toMatchObject({
      message: { body: 'Here is the screen', attachmentId: stored.id },
    });
    // The resends brought no second copy.
    expect(socket.frames.filter((f) => f.type === 'message' && f.message.sender === 'agent')).toHaveLength(0);
    await socket.close();
  });

  it.each([
    ['a script disguised as an image', Buffer.from('<script>alert(1)</script>').toString('base64'), 400],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
        'base64',
      ),
      400,
    ],
    ['HTML behind a PNG-looking name', Buffer.from('<!doctype html><p>x').toString('base64'), 400],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'), 400],
    ['not base64', '@@@@', 400],
    ['empty base64', '', 400],
    [
      'an image over the limit',
      Buffer.concat([PNG, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES)])
        .subarray(0, CHAT_ATTACHMENT_MAX_BYTES + 1)
        .toString('base64'),
      413,
    ],
  ])('refuses %s from an agent', async (_name, data, status) => {
    const { socket, conversationId } = await conversation();
    const cookie = await signIn('aurora-agent');
    const answer = failure(await upload(cookie, conversationId, data));
    expect(answer.status).toBe(status);
    expect(answer.code).toBe(status === 413 ? 'payload_too_large' : 'invalid_request');
    await socket.close();
  });

  it('only an agent who may act on the conversation sends an image into it', async () => {
    const mine = await conversation();
    const other = await conversation();
    const lotusConversation = await conversation(LOTUS);
    const agent = await signIn('aurora-agent');
    const lead = await signIn('aurora-lead');
    const lotusAgent = await signIn('lotus-agent', LOTUS);
    const png = PNG.toString('base64');

    // Another merchant's agent: not found, on its own host and on this one (no session there).
    expect(failure(await upload(lotusAgent, mine.conversationId, png, LOTUS))).toMatchObject({
      status: 404,
      code: 'chat_conversation_not_found',
    });
    expect(failure(await upload(lotusAgent, mine.conversationId, png))).toMatchObject({
      status: 401,
      code: 'staff_not_signed_in',
    });
    // No session; a bad conversation id.
    expect(failure(await upload('', mine.conversationId, png))).toMatchObject({ status: 401 });
    for (const id of ['0', '-1', 'abc', '99999999999']) {
      expect(failure(await upload(agent, id, png))).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    // Picked up by the lead: the agent may not send there; the lead may.
    value(await staffCall(t.app, `conversations/${mine.conversationId}/pickup`, lead, {}));
    expect(failure(await upload(agent, mine.conversationId, png))).toMatchObject({
      status: 403,
      code: 'staff_forbidden',
    });
    const leads = value<ChatAttachment>(await upload(lead, mine.conversationId, png));

    // An image of one conversation cannot be sent in another (nor another merchant's).
    for (const [cookie, conversationId, host] of [
      [agent, other.conversationId, AURORA],
      [lotusAgent, lotusConversation.conversationId, LOTUS],
    ] as const) {
      expect(
        failure(
          await staffCall(
            t.app,
            `conversations/${conversationId}/messages`,
            cookie,
            { clientId: 'steal', attachmentId: leads.id },
            host,
          ),
        ),
      ).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    // A reply with neither text nor image, or a malformed image id.
    for (const body of [
      { clientId: 'e1' },
      { clientId: 'e2', body: '   ' },
      { clientId: 'e3', attachmentId: '../../etc/passwd' },
    ]) {
      expect(
        failure(await staffCall(t.app, `conversations/${mine.conversationId}/messages`, lead, body)),
      ).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    // A closed conversation takes no more images.
    value(await staffCall(t.app, `conversations/${other.conversationId}/close`, agent, {}));
    expect(failure(await upload(agent, other.conversationId, png))).toMatchObject({
      status: 404,
      code: 'chat_conversation_not_found',
    });
    // The members never got anything of the refused attempts.
    const agentMessages = (socket: TestSocket) =>
      socket.frames.filter((f) => f.type === 'message' && f.message.sender === 'agent');
    expect(agentMessages(other.socket)).toHaveLength(0);
    expect(agentMessages(lotusConversation.socket)).toHaveLength(0);
    for (const each of [mine, other, lotusConversation]) await each.socket.close();
  });
});
