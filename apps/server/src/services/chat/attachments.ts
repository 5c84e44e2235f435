import { CHAT_ATTACHMENT_MAX_BYTES, type ChatAttachment } from '@wps/contract/chat';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { chatAttachments } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { screenshotTypeOf } from '../member/index.js';

/** An accepted image: its bytes and the type its first bytes say. */
export interface ChatImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

/**
 * The image of an upload: real base64, at most CHAT_ATTACHMENT_MAX_BYTES, a PNG, JPEG or WebP by its
 * first bytes (never by a name or a declared type: a script called photo.png is refused).
 */
export function imageOf(data: string): ChatImage {
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
    throw new DomainError('invalid_request', 'Invalid request. data: not base64');
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new DomainError('invalid_request', 'Invalid request. data: empty');
  if (bytes.length > CHAT_ATTACHMENT_MAX_BYTES) {
    throw new DomainError('payload_too_large', 'The image is too large.', {
      maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
    });
  }
  const contentType = screenshotTypeOf(bytes);
  if (contentType === null) {
    throw new DomainError('invalid_request', 'Invalid request. data: not a PNG, JPEG or WebP image');
  }
  return { bytes, contentType };
}

/** The images of conversations (chat_attachments), each of one merchant and one conversation. */
export class ChatAttachments {
  constructor(private readonly db: Db) {}

  async store(merchantId: number, conversationId: number, image: ChatImage): Promise<ChatAttachment> {
    const id = randomBytes(16).toString('base64url');
    await this.db.insert(chatAttachments).values({
      id,
      merchantId,
      conversationId,
      contentType: image.contentType,
      size: image.bytes.length,
      data: image.bytes.toString('base64'),
    });
    return { id, contentType: image.contentType, size: image.bytes.length };
  }

  /** An attachment's bytes for the merchant of the asking host only; null when there is none. */
  async read(merchantId: number, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ contentType: chatAttachments.contentType, data: chatAttachments.data })
      .from(chatAttachments)
      .where(and(eq(chatAttachments.id, id), eq(chatAttachments.merchantId, merchantId)));
    return row === undefined
      ? null
      : { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') };
  }

  /** A message may reference only an attachment of its own conversation. */
  async check(conversationId: number, attachmentId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: chatAttachments.id })
      .from(chatAttachments)
      .where(and(eq(chatAttachments.id, attachmentId), eq(chatAttachments.conversationId, conversationId)));
    if (row === undefined) throw new DomainError('invalid_request', 'Invalid request. attachmentId: unknown');
  }
}
