import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_ATTACHMENT_PATH } from '@wps/contract/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '@/platform/storage';
import { uploadChatImage } from './chatAttachments';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('uploadChatImage: what the composer is told', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStore.setString(LazyStorageKey.chatVisitor, 'visitor-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
  });

  const png = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

  it.each([
    ['sent', 200, { success: true, value: { id: 'a1' } }, { attachmentId: 'a1' }],
    // The server's own size check (a file that grew, or a limit lowered): the size message, not "try again".
    [
      'refused as too large',
      413,
      { success: false, errorCode: 'payload_too_large', data: { maxBytes: 1 } },
      'size',
    ],
    ['refused for another reason', 400, { success: false, errorCode: 'invalid_request' }, 'failed'],
    ['a server error', 500, { success: false, errorCode: 'internal_error' }, 'failed'],
  ])('%s', async (_name, status, body, expected) => {
    fetchMock.mockResolvedValue(answer(status, body));
    expect(await uploadChatImage(png(300 * 1024), null)).toEqual(expected);
    expect(fetchMock).toHaveBeenCalledWith(CHAT_ATTACHMENT_PATH, expect.objectContaining({ method: 'POST' }));
  });

  it.each([
    ['over the limit', png(CHAT_ATTACHMENT_MAX_BYTES + 1), 'size'],
    ['not an image type the chat sends', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'type'],
  ])('refuses a file %s before sending', async (_name, file, expected) => {
    expect(await uploadChatImage(file, null)).toBe(expected);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
