/**
 * The staff console (issue 16) and the back office's Push section (issue 17): who a staff member is,
 * what a role may do, and the console's answers. The calls are in the endpoint table
 * (endpoints/staff.ts, `auth: 'staff'`); their input schemas in schemas/staff.ts.
 */

/** A staff member's role (the `staff_accounts.role` column). */
export const STAFF_ROLES = ['agent', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a staff call needs, `resource:action`. The server grants them by role
 * (apps/server services/staff/permissions.ts); every staff call of the table names one.
 */
export const STAFF_PERMISSIONS = [
  /** Who am I, and the merchant's staff (a transfer's targets). */
  'console:open',
  /** The queue, a conversation's messages, the canned replies, the live socket. */
  'chat:read',
  /** Answer a member: replies, images, read receipts, typing. */
  'chat:reply',
  /** Pick a conversation up, transfer it, close it. */
  'chat:assign',
  /** Act on a conversation another agent picked up (checked per conversation by the chat service). */
  'chat:takeover',
  /** Send a push to a member, a topic, a segment or everyone of the merchant. */
  'push:send',
  /** Read the attribution report. */
  'push:report',
  /** Read and save the merchant's FCM configuration. */
  'push:configure',
  /** The withdrawal review queue: approve or reject (issue 28). */
  'cashier:review',
  /** Propose a manual credit or debit to a member's cash account, with a reason (issue 30 item 8). */
  'cashier:adjust',
  /** Be the second approver of another staff member's manual adjustment (issue 30 item 8). */
  'cashier:approve',
  /** The responsible-gaming audit trail (issue 29). */
  'compliance:read',
  /** Set or lower a member's limit, put a member on a break (never lift one). */
  'compliance:act',
  /** Read and export the merchant's staff audit chain (issue 30 item 9). */
  'audit:read',
  /** Create a merchant (issue 30 item 3): the platform operator's. */
  'merchant:create',
  /** Read the merchant's settings, theme and which secrets are set (never their values). */
  'merchant:read',
  /** Save the merchant's settings, secrets and theme. */
  'merchant:write',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The staff member a console call acts for (from the staff session); the answer of sign-in and `me`. */
export interface StaffActor {
  id: number;
  merchantId: number;
  role: StaffRole;
  displayName: string;
}

/**
 * The answer of sign-in and `me`: the staff member and what their role allows (from the server's
 * permission table). The staff app hides what is not allowed; cosmetic only, the server still decides.
 */
export interface StaffSignedIn extends StaffActor {
  permissions: StaffPermission[];
}

/** One of the merchant's staff, as a transfer offers them. */
export interface StaffColleague {
  id: number;
  displayName: string;
  role: StaffRole;
}

/** A canned reply an agent may start from. */
export interface CannedReply {
  id: number;
  title: string;
  body: string;
}

/** The merchant's FCM configuration as the back office shows it: never the private key. */
export interface FcmConfigView {
  configured: boolean;
  projectId?: string;
  apiKey?: string;
  appId?: string;
  messagingSenderId?: string;
  clientEmail?: string;
  apiBaseUrl?: string;
  updatedAt?: string;
}

/**
 * One link of a merchant's staff audit chain (issue 30 item 9): a staff write or a refused attempt,
 * with the digests of what was asked and what came of it, hash-chained to the link before.
 */
export interface StaffAuditEntry {
  seq: number;
  at: string;
  /** null: nobody signed in (a refused sign-in). */
  staffId: number | null;
  staffName: string | null;
  /** The endpoint's name in the contract's table. */
  action: string;
  outcome: 'ok' | 'refused';
  errorCode: string | null;
  requestDigest: string;
  beforeDigest: string | null;
  afterDigest: string | null;
  ip: string;
  requestId: string;
  prevHash: string;
  hash: string;
}
