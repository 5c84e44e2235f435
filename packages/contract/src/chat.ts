/**
 * The support chat (issue 16): the WebSocket protocol between the member app (or the staff console)
 * and the server, its limits and its error codes. The frames and the messages they carry are
 * schemas (schemas/chat.ts, the staff console's in schemas/staff.ts) with their types derived there.
 */

/** Longest message text, in characters (a bus notification of one message stays under 8 000 bytes). */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Longest client id of a message (the idempotency key the sender picks). */
export const CHAT_CLIENT_ID_MAX_LENGTH = 64;
/** Messages one side of a conversation may send per window (CHAT_RATE_WINDOW_MS). */
export const CHAT_RATE_LIMIT = 10;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** Most messages one history answer carries (the client asks again from the last one). */
export const CHAT_HISTORY_PAGE = 200;
/** Largest image sent in the chat (bytes); PNG, JPEG or WebP by their first bytes. */
export const CHAT_ATTACHMENT_MAX_BYTES = 512 * 1024;
/** Base64 of the largest image (4 characters per 3 bytes, padded). */
export const CHAT_ATTACHMENT_MAX_BASE64 = Math.ceil(CHAT_ATTACHMENT_MAX_BYTES / 3) * 4;
/** The body of an upload: the largest image in base64, with room for the JSON around it. */
export const CHAT_ATTACHMENT_BODY_LIMIT = CHAT_ATTACHMENT_MAX_BASE64 + 1024;
/** POST an image here (JSON `{ data: base64 }`), GET it at `/{id}`. */
export const CHAT_ATTACHMENT_PATH = '/wps/chat/attachments';
/** A visitor's id on the attachment upload (members send their token in Authorization). */
export const CHAT_VISITOR_HEADER = 'X-Chat-Visitor';
/** The member socket's path (same origin as the app). */
export const CHAT_SOCKET_PATH = '/wps/chat/socket';
/** The staff console's socket (the staff session cookie authenticates it). */
export const STAFF_SOCKET_PATH = '/wps/staff/socket';

export const ChatErrorCode = {
  /** Too many messages in this conversation for now: wait and send again (same client id). */
  CHAT_RATE_LIMITED: 'chat_rate_limited',
  /** The socket has not said hello, or its identity is not valid. */
  CHAT_NOT_READY: 'chat_not_ready',
  /** The conversation is not this caller's (or does not exist). */
  CHAT_CONVERSATION_NOT_FOUND: 'chat_conversation_not_found',
  /** Staff sign-in: wrong user name, password or authenticator code (one answer for all three). */
  STAFF_LOGIN_FAILED: 'staff_login_failed',
  /**
   * Staff sign-in: too many failed attempts for this account or from this address; locked for the
   * seconds of the answer's Retry-After (a right password and code are refused too until then).
   */
  STAFF_LOGIN_LOCKED: 'staff_login_locked',
  /** Staff sign-in: the account has no authenticator; a second factor is required. */
  STAFF_SECOND_FACTOR_REQUIRED: 'staff_second_factor_required',
  /** No staff session, or it expired. */
  STAFF_NOT_SIGNED_IN: 'staff_not_signed_in',
  /** The staff member's role does not allow this. */
  STAFF_FORBIDDEN: 'staff_forbidden',
} as const;
export type ChatErrorCode = (typeof ChatErrorCode)[keyof typeof ChatErrorCode];

/** A merchant's support hours: on `days` (0 Sunday … 6 Saturday), from `open` to `close` (HH:MM) in `timeZone`. */
export interface SupportHours {
  timeZone: string;
  days: number[];
  open: string;
  close: string;
}

/** Who sent a message: the member (or visitor) or an agent. */
export const CHAT_SENDER_KINDS = ['member', 'agent'] as const;
export type ChatSenderKind = (typeof CHAT_SENDER_KINDS)[number];
export const CHAT_CONVERSATION_STATUSES = ['open', 'assigned', 'closed'] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];

/** GET /wps/relay/CBS_launchChat's answer: the in-app address of the chat for those parameters. */
export interface ChatLaunch {
  url: string;
}

/**
 * WPSCORE_saveMemberInfoByAuthKey's answer (spec sections 4 and 7): the chat's auth key, fresh on
 * every call (the previous one stops working), under which the member's name and pseudo-identifier
 * were saved for the chat.
 */
export interface ChatAuthKey {
  authKey: string;
  /** ISO time after which the key no longer works. */
  expiresAt: string;
}

/** The answer of an image upload. */
export interface ChatAttachment {
  id: string;
  contentType: string;
  size: number;
}

/**
 * WPSCORE_getCustomerServiceScript: a merchant that uses a third-party chat instead of the built-in
 * one names its script (an https address, or a path of this site); null for none.
 */
export interface CustomerServiceScript {
  src: string | null;
}

/** Spec section 9: the third-party chat script is injected this long after the page's load. */
export const CS_SCRIPT_DELAY_MS = 500;
/** Spec section 9: whether the third-party chat is there is checked again this long after injecting. */
export const CS_AVAILABILITY_RECHECK_MS = [1000, 3000] as const;
