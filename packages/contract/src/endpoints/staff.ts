import { CHAT_ATTACHMENT_BODY_LIMIT } from '../chat.js';
import { define } from './define.js';
import type { ChatAttachment } from '../chat.js';
import type * as commonSchemas from '../schemas/common.js';
import type { ChatMessage } from '../schemas/chat.js';
import type * as staffSchemas from '../schemas/staff.js';
import type { ChatQueueItem } from '../schemas/staff.js';
import type * as trackingSchemas from '../schemas/tracking.js';
import type {
  CannedReply,
  FcmConfigView,
  StaffAuditEntry,
  StaffColleague,
  StaffMemberView,
  StaffRoleView,
  StaffSessionView,
  StaffSignedIn,
} from '../staff.js';
import type { AttributionReport, PushSendOutcome } from '../tracking.js';

/**
 * The table's staff calls (endpoints.ts): the support console (issue 16) and the back office's Push
 * section (issue 17), under /wps/staff. The staff session cookie authenticates them (`auth: 'staff'`)
 * and each names the permission it needs; the origin guard refuses cross-site POSTs. A conversation's
 * calls name it in the path (`:id`, part of the input).
 */
export const staffEndpoints = {
  /** Password and authenticator code: sets the staff session cookie; answers who signed in and what they may do. */
  staffLogin: define<typeof staffSchemas.staffLoginSchema, StaffSignedIn>()({
    method: 'POST',
    path: '/wps/staff/login',
    auth: 'staff',
    staffPermission: null,
  }),
  /** Ends the session (if any) and clears the cookie. */
  staffLogout: define<typeof commonSchemas.emptyBodySchema, null>()({
    method: 'POST',
    path: '/wps/staff/logout',
    auth: 'staff',
    staffPermission: null,
  }),
  staffMe: define<typeof commonSchemas.emptyQuerySchema, StaffSignedIn>()({
    method: 'GET',
    path: '/wps/staff/me',
    auth: 'staff',
    staffPermission: 'console:open',
  }),
  /** The merchant's staff (a transfer's targets). */
  staffColleagues: define<typeof commonSchemas.emptyQuerySchema, StaffColleague[]>()({
    method: 'GET',
    path: '/wps/staff/agents',
    auth: 'staff',
    staffPermission: 'console:open',
  }),
  staffCannedReplies: define<typeof commonSchemas.emptyQuerySchema, CannedReply[]>()({
    method: 'GET',
    path: '/wps/staff/canned',
    auth: 'staff',
    staffPermission: 'chat:read',
  }),
  /** The merchant's conversations that are not closed, newest activity first. */
  staffQueue: define<typeof commonSchemas.emptyQuerySchema, ChatQueueItem[]>()({
    method: 'GET',
    path: '/wps/staff/conversations',
    auth: 'staff',
    staffPermission: 'chat:read',
  }),
  staffMessages: define<typeof staffSchemas.staffMessagesQuerySchema, ChatMessage[]>()({
    method: 'GET',
    path: '/wps/staff/conversations/:id/messages',
    auth: 'staff',
    staffPermission: 'chat:read',
  }),
  /** An agent's reply (picks an open conversation up); once per client id. */
  staffReply: define<typeof staffSchemas.staffReplySchema, ChatMessage>()({
    method: 'POST',
    path: '/wps/staff/conversations/:id/messages',
    auth: 'staff',
    staffPermission: 'chat:reply',
  }),
  /** An agent's image, checked as a member's is, then sent by a reply. */
  staffAttachment: define<typeof staffSchemas.staffAttachmentUploadSchema, ChatAttachment>()({
    method: 'POST',
    path: '/wps/staff/conversations/:id/attachments',
    bodyLimit: CHAT_ATTACHMENT_BODY_LIMIT,
    auth: 'staff',
    staffPermission: 'chat:reply',
  }),
  staffRead: define<typeof staffSchemas.staffReadSchema, null>()({
    method: 'POST',
    path: '/wps/staff/conversations/:id/read',
    auth: 'staff',
    staffPermission: 'chat:reply',
  }),
  staffPickUp: define<typeof staffSchemas.staffConversationSchema, ChatQueueItem>()({
    method: 'POST',
    path: '/wps/staff/conversations/:id/pickup',
    auth: 'staff',
    staffPermission: 'chat:assign',
  }),
  staffTransfer: define<typeof staffSchemas.staffTransferSchema, ChatQueueItem>()({
    method: 'POST',
    path: '/wps/staff/conversations/:id/transfer',
    auth: 'staff',
    staffPermission: 'chat:assign',
  }),
  staffClose: define<typeof staffSchemas.staffConversationSchema, ChatQueueItem>()({
    method: 'POST',
    path: '/wps/staff/conversations/:id/close',
    auth: 'staff',
    staffPermission: 'chat:assign',
  }),
  /** A push to a member, a topic, a segment or everyone of the staff member's merchant. */
  staffPushSend: define<typeof trackingSchemas.pushSendSchema, PushSendOutcome>()({
    method: 'POST',
    path: '/wps/staff/push/send',
    auth: 'staff',
    staffPermission: 'push:send',
  }),
  /** The merchant's staff audit chain, oldest first from `afterSeq`, 100 a page (CSV: /wps/staff/audit.csv). */
  staffAuditLog: define<typeof staffSchemas.staffAuditQuerySchema, StaffAuditEntry[]>()({
    method: 'GET',
    path: '/wps/staff/audit',
    auth: 'staff',
    staffPermission: 'audit:read',
  }),
  staffPushReport: define<typeof trackingSchemas.attributionReportQuerySchema, AttributionReport>()({
    method: 'GET',
    path: '/wps/staff/push/report',
    auth: 'staff',
    staffPermission: 'push:report',
  }),
  staffFcmConfig: define<typeof commonSchemas.emptyQuerySchema, FcmConfigView>()({
    method: 'GET',
    path: '/wps/staff/push/fcm',
    auth: 'staff',
    staffPermission: 'push:configure',
  }),
  /** Saves the merchant's FCM configuration (the key file's private key sealed at once). */
  staffSaveFcmConfig: define<typeof staffSchemas.fcmConfigSchema, FcmConfigView>()({
    method: 'POST',
    path: '/wps/staff/push/fcm',
    auth: 'staff',
    staffPermission: 'push:configure',
  }),
  /** The caller's own live sessions, newest first (issue 30 item 2). */
  staffSessions: define<typeof commonSchemas.emptyQuerySchema, StaffSessionView[]>()({
    method: 'GET',
    path: '/wps/staff/sessions',
    auth: 'staff',
    staffPermission: 'console:open',
  }),
  /** Ends one of the caller's own sessions (the current one included); `revoked: false` when none matched. */
  staffRevokeSession: define<typeof staffSchemas.staffSessionRevokeSchema, { revoked: boolean }>()({
    method: 'POST',
    path: '/wps/staff/sessions/revoke',
    auth: 'staff',
    staffPermission: 'console:open',
  }),
  /** The merchant's staff with their roles and live sessions (platform operators are not listed). */
  staffTeam: define<typeof commonSchemas.emptyQuerySchema, StaffMemberView[]>()({
    method: 'GET',
    path: '/wps/staff/team',
    auth: 'staff',
    staffPermission: 'staff:manage',
  }),
  /** The roles the merchant's staff may hold and what each grants. */
  staffRoles: define<typeof commonSchemas.emptyQuerySchema, StaffRoleView[]>()({
    method: 'GET',
    path: '/wps/staff/roles',
    auth: 'staff',
    staffPermission: 'staff:manage',
  }),
  /** Ends a session of one of the merchant's staff; `revoked: false` when it is not one of theirs. */
  staffRevokeTeamSession: define<typeof staffSchemas.staffSessionRevokeSchema, { revoked: boolean }>()({
    method: 'POST',
    path: '/wps/staff/team/sessions/revoke',
    auth: 'staff',
    staffPermission: 'staff:manage',
  }),
} as const;
