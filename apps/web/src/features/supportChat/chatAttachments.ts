import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { EndpointAnswer, EndpointInput } from '@wps/contract/endpoints';
import type { WpsResponse } from '@wps/contract/envelope';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_ATTACHMENT_PATH, CHAT_VISITOR_HEADER } from '@wps/contract/chat';
import { TransportHeader } from '@wps/contract/transport';
import { localStore } from '@/platform/storage';

/** Image types the chat sends (the server checks the bytes themselves). */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export function attachmentUrl(id: string): string {
  return `${CHAT_ATTACHMENT_PATH}/${encodeURIComponent(id)}`;
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads an image for the chat (type and size checked here, the bytes by the server), as the
 * member (`token`) or this device's visitor: its attachment id, or why not.
 */
export async function uploadChatImage(
  file: Blob,
  token: string | null,
): Promise<{ attachmentId: string } | 'type' | 'size' | 'failed'> {
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > CHAT_ATTACHMENT_MAX_BYTES) return 'size';
  const visitor = localStore.getString(LazyStorageKey.chatVisitor);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers[TransportHeader.authorization] = token;
  else if (visitor) headers[CHAT_VISITOR_HEADER] = visitor;
  else return 'failed';
  try {
    // The table's `chatAttachment`, sent by hand: a visitor names itself in CHAT_VISITOR_HEADER.
    const upload: EndpointInput<'chatAttachment'> = { data: await base64Of(file) };
    const response = await fetch(CHAT_ATTACHMENT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(upload),
    });
    const answer = (await response.json()) as WpsResponse<EndpointAnswer<'chatAttachment'>>;
    // A 413 is the size the server holds to (the same limit as above, if a file grew on the way).
    if (response.status === 413) return 'size';
    if (!response.ok || !answer.success) return 'failed';
    return { attachmentId: answer.value.id };
  } catch {
    return 'failed';
  }
}
