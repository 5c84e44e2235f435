import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_PATH,
  CHAT_VISITOR_HEADER,
  type ChatAttachment,
} from '@wps/contract/chat';
import { beforeAll, describe, expect, it } from 'vitest';
import { AURORA, failure, LOTUS, value } from '../../test/accounts.js';
import { hello } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();

describe.each(backends)('chat attachments (%s)', (backend) => {
  const t = useTestApp(backend, { now: clock.now });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

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

  // A phone's screenshot: every size up to the stated limit goes through (the body limit used to cap
  // the JSON at 64 KB, about 47 KB of image).
  it.each([
    ['47 KB', 47 * 1024],
    ['48 KB', 48 * 1024],
    ['300 KB', 300 * 1024],
    ['exactly the limit', CHAT_ATTACHMENT_MAX_BYTES],
  ])('takes an image of %s', async (_name, size) => {
    const { socket, ready } = await hello(t.app);
    const image = Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
    const stored = value<ChatAttachment>(
      await upload(image.toString('base64'), { [CHAT_VISITOR_HEADER]: ready.visitor ?? '' }),
    );
    expect(stored).toMatchObject({ contentType: 'image/png', size });
    await socket.close();
  });

  it('names the limit when it refuses an image over it', async () => {
    const { socket, ready } = await hello(t.app);
    const image = Buffer.concat([PNG, Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES)]).subarray(
      0,
      CHAT_ATTACHMENT_MAX_BYTES + 1,
    );
    expect(
      failure(await upload(image.toString('base64'), { [CHAT_VISITOR_HEADER]: ready.visitor ?? '' })),
    ).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      data: { maxBytes: CHAT_ATTACHMENT_MAX_BYTES },
    });
    await socket.close();
  });

  it.each([
    ['no identity', {}],
    ['a forged visitor id', { [CHAT_VISITOR_HEADER]: `${'A'.repeat(22)}.${'B'.repeat(22)}` }],
  ])('refuses an upload with %s', async (_name, headers) => {
    expect(failure(await upload(PNG.toString('base64'), headers))).toMatchObject({ code: 'chat_not_ready' });
  });
});
