import { ErrorCode } from '@wps/contract/errorCodes';
import {
  FEEDBACK_PER_HOUR,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  type FeedbackReceipt,
} from '@wps/contract/feedback';
import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, memberFeedback } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { screenshotTypeOf } from '../../services/member/index.js';
import { AURORA, failure, loginPayload, LOTUS, plainPost, sealedPost, value } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const MESSAGE = 'The lottery page froze after I placed a bet.';

describe('screenshotTypeOf (the bytes say what the image is)', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
    ['gif', Buffer.from('GIF89a....'), null],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['riff but not webp', Buffer.from('RIFF\0\0\0\0WAVEfmt '), null],
    ['empty', Buffer.alloc(0), null],
  ] as const)('%s', (_name, bytes, expected) => {
    expect(screenshotTypeOf(bytes)).toBe(expected);
  });
});

describe.each(backends)('POST /wps/member/feedback (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const login = async (username: string, host = LOTUS) =>
    value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host }),
    ).token;
  const stored = async () => (await t.db.select({ id: memberFeedback.id }).from(memberFeedback)).length;
  const send = (body: unknown, token: string | undefined, host = LOTUS) =>
    plainPost(t.app, endpoints.feedback.path, body, { host, ...(token === undefined ? {} : { token }) });

  it('stores the feedback for the member and the merchant, and answers a receipt', async () => {
    const token = await login('demo');
    const receipt = value<FeedbackReceipt>(
      await send(
        {
          category: 'problem',
          message: `  ${MESSAGE}  `,
          screenshot: { type: 'image/png', data: PNG.toString('base64') },
        },
        token,
      ),
    );
    expect(receipt.id).toMatch(/^\d+$/);
    expect(Number.isNaN(Date.parse(receipt.createdAt))).toBe(false);
    const [row] = await t.db
      .select()
      .from(memberFeedback)
      .where(eq(memberFeedback.id, Number(receipt.id)));
    if (!row) throw new Error('feedback not stored');
    const [member] = await t.db.select().from(customers).where(eq(customers.id, row.customerId));
    expect(member?.username).toBe('demo');
    expect(row.merchantId).toBe(member?.merchantId);
    expect(row).toMatchObject({ category: 'problem', message: MESSAGE, screenshotType: 'image/png' });
    expect(Buffer.from(row.screenshot ?? '', 'base64').equals(PNG)).toBe(true);
  });

  it('takes feedback without a screenshot', async () => {
    const token = await login('demo');
    const receipt = value<FeedbackReceipt>(await send({ category: 'suggestion', message: MESSAGE }, token));
    const [row] = await t.db
      .select()
      .from(memberFeedback)
      .where(eq(memberFeedback.id, Number(receipt.id)));
    expect(row).toMatchObject({ screenshot: null, screenshotType: null });
  });

  it('needs a session: none, a made-up token, or another merchant’s token', async () => {
    const body = { category: 'other', message: MESSAGE };
    const before = await stored();
    expect(failure(await send(body, undefined)).status).toBe(401);
    expect(failure(await send(body, 'not-a-real-token-000')).status).toBe(401);
    const lotusToken = await login('demo');
    expect(failure(await send(body, lotusToken, AURORA)).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['no category', { message: MESSAGE }],
    ['an unknown category', { category: 'refund', message: MESSAGE }],
    ['a short text', { category: 'other', message: 'too short' }],
    ['only spaces', { category: 'other', message: ' '.repeat(40) }],
    ['a text over 2000 characters', { category: 'other', message: 'x'.repeat(2001) }],
    ['a number as text', { category: 'other', message: 1234567890123 }],
    [
      'an svg screenshot',
      { category: 'other', message: MESSAGE, screenshot: { type: 'image/svg+xml', data: 'PHN2Zz4=' } },
    ],
    [
      'a screenshot not base64',
      { category: 'other', message: MESSAGE, screenshot: { type: 'image/png', data: '<script>' } },
    ],
    [
      'a screenshot of another type than declared',
      {
        category: 'other',
        message: MESSAGE,
        screenshot: { type: 'image/png', data: JPEG.toString('base64') },
      },
    ],
    [
      'html named png',
      {
        category: 'other',
        message: MESSAGE,
        screenshot: {
          type: 'image/png',
          data: Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
        },
      },
    ],
    [
      'a screenshot without data',
      { category: 'other', message: MESSAGE, screenshot: { type: 'image/png', data: '' } },
    ],
    [
      'a badly padded screenshot',
      { category: 'other', message: MESSAGE, screenshot: { type: 'image/png', data: 'iVBORw0KGgo' } },
    ],
    ['an array body', [{ category: 'other', message: MESSAGE }]],
  ])('refuses %s', async (_name, body) => {
    const token = await login('demo');
    const before = await stored();
    expect(failure(await send(body, token)).code).toBe(ErrorCode.INVALID_REQUEST);
    expect(await stored()).toBe(before);
  });

  // A phone's screenshot is 100–500 KB: every size up to the stated limit goes through, plain or
  // sealed (the body limit used to cap both at 64 KB of JSON, about 47 KB of image).
  it.each([
    ['47 KB, plain', 47 * 1024, plainPost],
    ['48 KB, plain', 48 * 1024, plainPost],
    ['300 KB, plain', 300 * 1024, plainPost],
    ['exactly the limit, plain', FEEDBACK_SCREENSHOT_MAX_BYTES, plainPost],
    ['300 KB, sealed', 300 * 1024, sealedPost],
    ['exactly the limit, sealed', FEEDBACK_SCREENSHOT_MAX_BYTES, sealedPost],
  ] as const)('takes a screenshot of %s', async (_name, size, post) => {
    clock.advance(60 * 60_000); // a fresh hour: the hourly limit is another test's
    const token = await login('demo');
    const before = await stored();
    const image = Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
    const body = {
      category: 'problem',
      message: MESSAGE,
      screenshot: { type: 'image/png', data: image.toString('base64') },
    };
    const receipt = value<FeedbackReceipt>(
      await post(t.app, endpoints.feedback.path, body, { host: LOTUS, token }),
    );
    expect(receipt.id).not.toBe('');
    expect(await stored()).toBe(before + 1);
  });

  it.each([
    ['one byte over the limit', FEEDBACK_SCREENSHOT_MAX_BYTES + 1],
    ['twice the limit', FEEDBACK_SCREENSHOT_MAX_BYTES * 2],
  ])('refuses a screenshot %s with 413 naming the limit, storing nothing', async (_name, size) => {
    const token = await login('demo');
    const before = await stored();
    const image = Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
    const refused = failure(
      await send(
        {
          category: 'other',
          message: MESSAGE,
          screenshot: { type: 'image/png', data: image.toString('base64') },
        },
        token,
      ),
    );
    expect(refused).toMatchObject({ status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE });
    expect(refused.data).toEqual({ maxBytes: expect.any(Number) });
    expect(await stored()).toBe(before);
  });

  it('refuses a screenshot over the size limit (the body limit or the check)', async () => {
    const token = await login('demo');
    const before = await stored();
    const big = Buffer.concat([PNG, Buffer.alloc(FEEDBACK_SCREENSHOT_MAX_BYTES)]);
    const response = await send(
      {
        category: 'other',
        message: MESSAGE,
        screenshot: { type: 'image/png', data: big.toString('base64') },
      },
      token,
    );
    expect([400, 413]).toContain(response.statusCode);
    const huge = await send({ category: 'other', message: MESSAGE, padding: 'x'.repeat(2_000_000) }, token);
    expect(huge.statusCode).toBe(413);
    expect(await stored()).toBe(before);
  });

  it(`keeps at most ${FEEDBACK_PER_HOUR} an hour per member, then 429 until the next hour`, async () => {
    // A fresh hour: the feedback of the tests before counts in an earlier window.
    clock.advance(60 * 60_000);
    const token = await login('demo');
    const other = await login('agent');
    const before = await stored();
    for (let sent = 0; sent < FEEDBACK_PER_HOUR; sent += 1) {
      value(await send({ category: 'other', message: `${MESSAGE} #${sent}` }, token));
    }
    const refused = failure(await send({ category: 'other', message: MESSAGE }, token));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(ErrorCode.TOO_MANY_REQUEST);
    // Another member is not held back.
    value(await send({ category: 'other', message: MESSAGE }, other));
    clock.advance(60 * 60_000);
    value(await send({ category: 'other', message: MESSAGE }, token));
    expect(await stored()).toBe(before + FEEDBACK_PER_HOUR + 2);
  });
});
