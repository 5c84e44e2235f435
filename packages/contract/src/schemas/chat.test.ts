import { describe, expect, it } from 'vitest';
import { CHAT_CLIENT_ID_MAX_LENGTH, CHAT_MESSAGE_MAX_LENGTH } from '../chat.js';
import { chatClientFrameSchema, chatServerFrameSchema } from './chat.js';
import { staffClientFrameSchema, staffServerFrameSchema } from './staff.js';

const image = 'A'.repeat(22);
const message = {
  id: 7,
  conversationId: 3,
  clientId: 'c-1',
  sender: 'agent',
  agentName: 'Alex',
  body: 'Hello',
  attachmentId: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  deliveredAt: null,
  readAt: null,
};

/** Text frames as a socket receives them: JSON.parse of what a hostile client wrote. */
const json = (text: string): unknown => JSON.parse(text);

describe('member socket frames (client → server)', () => {
  it.each<[string, unknown]>([
    ['hello with a token', { type: 'hello', token: 't', since: 0, language: 'en' }],
    ['hello as a visitor', { type: 'hello', visitor: 'v.v' }],
    ['a text message', { type: 'send', clientId: 'c_1-A', body: 'hi' }],
    ['an image without text', { type: 'send', clientId: 'c', body: '', attachmentId: image }],
    ['the longest message', { type: 'send', clientId: 'c'.repeat(64), body: 'x'.repeat(1000) }],
    ['receipts', { type: 'read', upTo: Number.MAX_SAFE_INTEGER }],
    ['typing', { type: 'typing', on: false }],
    ['a ping', { type: 'ping' }],
  ])('accepts %s', (_name, frame) => {
    expect(chatClientFrameSchema.safeParse(frame).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['not an object', 'hello'],
    ['an array', [{ type: 'ping' }]],
    ['null', null],
    ['no type', { clientId: 'c', body: 'hi' }],
    ['an unknown type', { type: 'shout' }],
    ['a type in another case', { type: 'PING' }],
    ['a type that is not text', { type: 1 }],
    ['the type hidden in __proto__', json('{"__proto__":{"type":"ping"}}')],
    ['a send without a client id', { type: 'send', body: 'hi' }],
    ['an empty client id', { type: 'send', clientId: '', body: 'hi' }],
    ['a client id with a path', { type: 'send', clientId: '../x', body: 'hi' }],
    ['a client id with a NUL', { type: 'send', clientId: 'a\u0000b', body: 'hi' }],
    ['a client id with non-ASCII', { type: 'send', clientId: 'é', body: 'hi' }],
    [
      'a client id too long',
      { type: 'send', clientId: 'c'.repeat(CHAT_CLIENT_ID_MAX_LENGTH + 1), body: 'hi' },
    ],
    ['a body too long', { type: 'send', clientId: 'c', body: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }],
    ['a blank body without an image', { type: 'send', clientId: 'c', body: ' \n\t ' }],
    ['a body that is not text', { type: 'send', clientId: 'c', body: { text: 'hi' } }],
    ['an image id too short', { type: 'send', clientId: 'c', body: '', attachmentId: 'A'.repeat(21) }],
    ['an image id too long', { type: 'send', clientId: 'c', body: '', attachmentId: 'A'.repeat(23) }],
    [
      'an image id with base64 signs',
      { type: 'send', clientId: 'c', body: '', attachmentId: `${'A'.repeat(21)}+` },
    ],
    ['a receipt up to a negative id', { type: 'read', upTo: -1 }],
    ['a receipt up to a fraction', { type: 'delivered', upTo: 1.5 }],
    ['a receipt up to text', { type: 'read', upTo: '5' }],
    ['a receipt past the safe integers', { type: 'read', upTo: 2 ** 53 }],
    ['a receipt without upTo', { type: 'read' }],
    ['hello since a negative id', { type: 'hello', since: -1 }],
    ['hello with a token too long', { type: 'hello', token: 't'.repeat(513) }],
    ['hello with a visitor id too long', { type: 'hello', visitor: 'v'.repeat(65) }],
    ['hello with a language that is not a code', { type: 'hello', language: 'english' }],
    ['typing as text', { type: 'typing', on: 'yes' }],
    ['typing without on', { type: 'typing' }],
  ])('refuses %s', (_name, frame) => {
    expect(chatClientFrameSchema.safeParse(frame).success).toBe(false);
  });

  it('drops what a frame adds (nothing unknown reaches the server)', () => {
    expect(chatClientFrameSchema.parse({ type: 'ping', admin: true })).toEqual({ type: 'ping' });
  });
});

describe('staff socket frames (client → server)', () => {
  it.each<[string, unknown]>([
    ['typing', { type: 'typing', conversationId: 1, on: true }],
    ['a ping', { type: 'ping' }],
  ])('accepts %s', (_name, frame) => {
    expect(staffClientFrameSchema.safeParse(frame).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a member frame', { type: 'send', clientId: 'c', body: 'hi' }],
    ['typing without a conversation', { type: 'typing', on: true }],
    ['typing in conversation 0', { type: 'typing', conversationId: 0, on: true }],
    ['typing in a negative conversation', { type: 'typing', conversationId: -3, on: true }],
    ['typing in a fractional conversation', { type: 'typing', conversationId: 1.5, on: true }],
    ['typing in a conversation named by text', { type: 'typing', conversationId: '1', on: true }],
    ['typing in a conversation past 2^31 - 1', { type: 'typing', conversationId: 2 ** 31, on: true }],
    ['an array', [{ type: 'ping' }]],
  ])('refuses %s', (_name, frame) => {
    expect(staffClientFrameSchema.safeParse(frame).success).toBe(false);
  });
});

describe('server frames (the server sends these; its tests check every one against the schema)', () => {
  it.each<[string, unknown]>([
    [
      'ready',
      {
        type: 'ready',
        visitor: null,
        messages: [message],
        more: false,
        unread: 1,
        availability: { open: false, nextOpenAt: '2030-01-02T02:00:00.000Z' },
      },
    ],
    ['an ack', { type: 'ack', clientId: 'c-1', message }],
    ['a rate-limit error', { type: 'error', code: 'chat_rate_limited', clientId: 'c-1', retryAfterMs: 900 }],
    ['a pong', { type: 'pong' }],
  ])('a member socket: %s', (_name, frame) => {
    expect(chatServerFrameSchema.safeParse(frame).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a field the contract does not name', { type: 'pong', debug: 'stack trace' }],
    ['a message with a field more', { type: 'message', message: { ...message, staffId: 4 } }],
    ['a message without its time', { type: 'message', message: { ...message, createdAt: undefined } }],
    ['a time that is not ISO', { type: 'message', message: { ...message, createdAt: 'yesterday' } }],
    ['a staff-only frame', { type: 'conversation', conversation: {} }],
  ])('a member socket never gets %s', (_name, frame) => {
    expect(chatServerFrameSchema.safeParse(frame).success).toBe(false);
  });

  it('a staff socket: the typing of a member only, receipts of both sides', () => {
    const typing = { type: 'typing', sender: 'member', conversationId: 3, on: true };
    expect(staffServerFrameSchema.safeParse(typing).success).toBe(true);
    expect(staffServerFrameSchema.safeParse({ ...typing, sender: 'agent' }).success).toBe(false);
    const receipt = {
      type: 'receipt',
      kind: 'read',
      sender: 'agent',
      conversationId: 3,
      upTo: 7,
      at: '2030-01-01T10:00:00.000Z',
    };
    expect(staffServerFrameSchema.safeParse(receipt).success).toBe(true);
    expect(chatServerFrameSchema.safeParse(receipt).success).toBe(true);
  });
});
