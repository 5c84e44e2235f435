import { define } from './define.js';
import type * as memberSchemas from '../schemas/memberAdmin.js';
import type { HistoryPage } from '../cashier.js';
import type {
  StaffDownlinePage,
  StaffMemberActionResult,
  StaffMemberNote,
  StaffMemberSearchPage,
  MemberDetailView,
} from '../memberAdmin.js';

/**
 * The back office's Members section (issue 30 item 7), under /wps/staff/members. A staff member sees
 * the members of the merchant they act on only: another merchant's member id answers 404 not_found,
 * as an unknown one does. Phone and email reach roles with member:pii only (left out for the others).
 * Limits are set or lowered by the Compliance calls (staffLimitSet, staffBreak), not here.
 */
export const memberAdminEndpoints = {
  /** Members by id, user name (its start), referral code, or exact phone or email; 25 a page. */
  staffMemberSearch: define<typeof memberSchemas.staffMemberSearchQuerySchema, StaffMemberSearchPage>()({
    method: 'GET',
    path: '/wps/staff/members',
    auth: 'staff',
    staffPermission: 'member:read',
  }),
  /** Profile, live sessions, linked sign-ins and limits of one member. */
  staffMemberDetail: define<typeof memberSchemas.staffMemberQuerySchema, MemberDetailView>()({
    method: 'GET',
    path: '/wps/staff/members/:id',
    auth: 'staff',
    staffPermission: 'member:read',
  }),
  /** The member's ledger movements and deposits, newest first (the wallet's history). */
  staffMemberHistory: define<typeof memberSchemas.staffMemberHistoryQuerySchema, HistoryPage>()({
    method: 'GET',
    path: '/wps/staff/members/:id/history',
    auth: 'staff',
    staffPermission: 'member:read',
  }),
  /** An agent's sub-accounts and the members a referral code brought; 25 a page. */
  staffMemberDownline: define<typeof memberSchemas.staffMemberDownlineQuerySchema, StaffDownlinePage>()({
    method: 'GET',
    path: '/wps/staff/members/:id/downline',
    auth: 'staff',
    staffPermission: 'member:read',
  }),
  /** The member's notes and the reasons of staff actions, newest first. */
  staffMemberNotes: define<typeof memberSchemas.staffMemberQuerySchema, StaffMemberNote[]>()({
    method: 'GET',
    path: '/wps/staff/members/:id/notes',
    auth: 'staff',
    staffPermission: 'member:read',
  }),
  /** Appends a note (never edited or deleted). */
  staffMemberNoteAdd: define<typeof memberSchemas.staffMemberNoteSchema, StaffMemberNote>()({
    method: 'POST',
    path: '/wps/staff/members/:id/notes',
    auth: 'staff',
    staffPermission: 'member:write',
  }),
  /** Ends one live session of the member, or all of them: their next call answers 401. */
  staffMemberEndSessions: define<
    typeof memberSchemas.staffMemberEndSessionsSchema,
    StaffMemberActionResult
  >()({
    method: 'POST',
    path: '/wps/staff/members/:id/sessions/end',
    auth: 'staff',
    staffPermission: 'member:write',
  }),
  /** Locks the account with a reason: every session ends at once and every sign-in is refused. */
  staffMemberLock: define<typeof memberSchemas.staffMemberReasonSchema, StaffMemberActionResult>()({
    method: 'POST',
    path: '/wps/staff/members/:id/lock',
    auth: 'staff',
    staffPermission: 'member:write',
  }),
  staffMemberUnlock: define<typeof memberSchemas.staffMemberReasonSchema, StaffMemberActionResult>()({
    method: 'POST',
    path: '/wps/staff/members/:id/unlock',
    auth: 'staff',
    staffPermission: 'member:write',
  }),
  /**
   * Removes the member's authenticator (and its recovery codes) and turns the email and SMS second
   * steps off, with a reason; the member signs in with the password alone and sets one up again.
   */
  staffMemberResetSecondFactor: define<
    typeof memberSchemas.staffMemberReasonSchema,
    StaffMemberActionResult
  >()({
    method: 'POST',
    path: '/wps/staff/members/:id/reset-second-factor',
    auth: 'staff',
    staffPermission: 'member:reset2fa',
  }),
} as const;
