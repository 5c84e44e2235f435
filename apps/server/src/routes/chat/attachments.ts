import { CHAT_ATTACHMENT_PATH, CHAT_VISITOR_HEADER, ChatErrorCode } from '@wps/contract/chat';
import { ErrorCode } from '@wps/contract/errorCodes';
import { chatAttachmentParamSchema } from '@wps/contract/schemas/chat';
import { TransportHeader } from '@wps/contract/transport';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import type { ChatOwner } from '../../services/chat/index.js';
import { DomainError } from '../../services/errors.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { route } from '../../http/route.js';
import { clientIp } from '../accounts/common.js';

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The uploader: the member of the Authorization token, else the visitor of the visitor header. */
async function ownerOf(ctx: AppContext, request: FastifyRequest, merchant: Merchant): Promise<ChatOwner> {
  const header = request.headers[TransportHeader.authorization.toLowerCase()];
  const token = typeof header === 'string' ? header.trim() : '';
  if (token !== '') {
    const session = await ctx.identity.sessions.authenticate(token, merchant.id, clientIp(request));
    return { kind: 'member', customerId: session.customer.id };
  }
  const visitorHeader = request.headers[CHAT_VISITOR_HEADER.toLowerCase()];
  const visitor =
    typeof visitorHeader === 'string' ? ctx.chat.visitors.verify(merchant.id, visitorHeader.trim()) : null;
  if (visitor === null) throw new DomainError(ChatErrorCode.CHAT_NOT_READY, 'Open the chat first.');
  return { kind: 'visitor', visitorId: visitor };
}

/**
 * Chat images: uploaded by the conversation's owner, served to whoever holds the (unguessable,
 * 128-bit) id on the merchant's own host, as the type its bytes are with `nosniff`, a download
 * name and a sandboxing policy, so an image can never run as a page.
 */
export function attachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The table's `chatAttachment` (its body limit: the largest image in base64 and the JSON around it).
  route(app, 'chatAttachment', async ({ data }, request) => {
    const merchant = await requireMerchant(ctx, request);
    const owner = await ownerOf(ctx, request, merchant);
    return ctx.chat.conversations.attach(merchant.id, owner, data, null);
  });

  app.get(`${CHAT_ATTACHMENT_PATH}/:id`, async (request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const { id } = parseInput(chatAttachmentParamSchema, request.params);
    const found = await ctx.chat.conversations.attachment(merchant.id, id);
    if (found === null) throw new DomainError(ErrorCode.NOT_FOUND, 'No such image.');
    return reply
      .header('content-type', found.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="chat-image.${EXTENSION[found.contentType] ?? 'bin'}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(found.bytes);
  });
}
