import { describe, expect, it } from 'vitest';
import {
  categoryMessage,
  feedbackFieldsOf,
  feedbackTextMessage,
  screenshotMessage,
  screenshotPayload,
} from './feedbackRules';

describe('feedback rules (the contract lengths, types and size)', () => {
  it.each([
    ['', 'auth_required'],
    ['refund', 'auth_required'],
    ['problem', null],
    ['other', null],
  ])('category %j → %s', (value, key) => {
    expect(categoryMessage(value)?.key ?? null).toBe(key);
  });

  it.each([
    ['', 'auth_required'],
    ['      ', 'auth_required'],
    ['too short', 'feedback_message_short'],
    ['   ten chars!   '.slice(0, 12), 'feedback_message_short'],
    ['exactly 10', null],
    ['x'.repeat(2000), null],
    ['x'.repeat(2001), 'feedback_message_long'],
    [`  ${'x'.repeat(2000)}  `, null],
  ])('text %j → %s', (value, key) => {
    expect(feedbackTextMessage(value)?.key ?? null).toBe(key);
  });

  it.each([
    [null, null],
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: 512 * 1024 }, null],
    [{ type: 'image/webp', size: 1 }, null],
    [{ type: 'image/webp', size: 512 * 1024 + 1 }, 'feedback_screenshot_size'],
    [{ type: 'image/gif', size: 1000 }, 'feedback_screenshot_type'],
    [{ type: 'image/svg+xml', size: 1000 }, 'feedback_screenshot_type'],
    [{ type: '', size: 1000 }, 'feedback_screenshot_type'],
    [{ type: 'image/png', size: 0 }, 'feedback_screenshot_type'],
  ])('screenshot %j → %s', (file, key) => {
    expect(screenshotMessage(file)?.key ?? null).toBe(key);
  });

  it('sends the bytes as base64 with their type', async () => {
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])], { type: 'image/png' });
    expect(await screenshotPayload(file)).toEqual({ type: 'image/png', data: 'iVBOR/8A' });
  });
});

describe('feedbackFieldsOf (the fields a refusal names)', () => {
  it.each([
    ['Invalid request. screenshot: not an image of its type', ['screenshot']],
    ['Invalid request. message: Too small; category: Invalid option', ['message', 'category']],
    ['Invalid request. screenshot.data: Invalid string', ['screenshot']],
    ['Invalid request. the message is bad', []],
    [null, []],
  ])('%j → %j', (text, fields) => {
    expect(feedbackFieldsOf(text)).toEqual(fields);
  });
});
