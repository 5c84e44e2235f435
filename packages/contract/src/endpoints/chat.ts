import { CHAT_ATTACHMENT_BODY_LIMIT, CHAT_ATTACHMENT_PATH } from '../chat.js';
import { define } from './define.js';
import type * as chatSchemas from '../schemas/chat.js';
import type * as commonSchemas from '../schemas/common.js';
import type { ChatAttachment, ChatAuthKey, ChatLaunch, CustomerServiceScript } from '../chat.js';

/** The table's support-chat calls of the member side (endpoints.ts; the staff side is endpoints/staff.ts). */
export const chatEndpoints = {
  /** The merchant's third-party chat script, if it uses one instead of the built-in chat (issue 16). */
  customerServiceScript: define<typeof commonSchemas.emptyQuerySchema, CustomerServiceScript>()({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getCustomerServiceScript',
    noToken: true,
  }),
  /** The support chat's address for these launch parameters (issue 16); visitors too. */
  launchChat: define<typeof chatSchemas.launchChatQuerySchema, ChatLaunch>()({
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
  }),
  /** The member's name and pseudo-identifier saved for the chat, and a fresh chat auth key. */
  saveChatMemberInfo: define<typeof chatSchemas.saveChatMemberInfoSchema, ChatAuthKey>()({
    method: 'POST',
    path: '/wps/relay/WPSCORE_saveMemberInfoByAuthKey',
  }),
  /**
   * A member's (or visitor's) chat image, as base64; its type is read from its bytes. A member sends
   * the token in Authorization, a visitor the visitor id in CHAT_VISITOR_HEADER; GET
   * CHAT_ATTACHMENT_PATH/{id} serves it (a resource, outside the table).
   */
  chatAttachment: define<typeof chatSchemas.chatAttachmentUploadSchema, ChatAttachment>()({
    method: 'POST',
    path: CHAT_ATTACHMENT_PATH,
    bodyLimit: CHAT_ATTACHMENT_BODY_LIMIT,
  }),
} as const;
