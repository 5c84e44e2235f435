/**
 * The staff console (issue 16) and the back office's Push section (issue 17): who a staff member is,
 * what a role may do, and the console's answers. The calls are in the endpoint table
 * (endpoints/staff.ts, `auth: 'staff'`); their input schemas in schemas/staff.ts.
 */

/**
 * The eight built-in roles (issue 30 item 2), seeded as data by the server's migration staff_roles
 * (`staff_roles` and their grants in `staff_role_permissions`): the platform operator above the
 * merchants, then a merchant's own. A merchant may later define roles of its own: a role's code is
 * any string; these are the ones every merchant has.
 */
export const STAFF_ROLES = [
  'platform',
  'owner',
  'admin',
  'cashier',
  'support',
  'marketing',
  'compliance',
  'readonly',
] as const;
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
  /** The merchant's staff, their roles and sessions; end another staff member's session (issue 30 item 2). */
  'staff:manage',
  /** Create a merchant (issue 30 item 3): the platform operator's. */
  'merchant:create',
  /** Read the merchant's settings, theme and which secrets are set (never their values). */
  'merchant:read',
  /** Save the merchant's settings, secrets and theme. */
  'merchant:write',
  /** Read the reports (registrations, money, gaming revenue, bonus, interventions, conversion) and their CSV. */
  'report:read',
  /** Read the merchant's content: banners, news, promotions, promo codes, legal pages, links (issue 30 item 5). */
  'content:read',
  /** Create, save and retire the merchant's content; publish a legal page's new version. */
  'content:write',
  /** Find members and read a member's profile, sessions, sign-ins, limits, ledger, notes, downline (issue 30 item 7). */
  'member:read',
  /** See members' phone numbers and email addresses, and search by them (left out for the others). */
  'member:pii',
  /** Lock and unlock a member, end a member's sessions, add a note. */
  'member:write',
  /** Reset a member's second factor, with a reason. */
  'member:reset2fa',
  /** The Games section (issue 30 item 6): the merchant's vendors, categories, order, hot games and tags. */
  'games:read',
  /** Reorder, mark hot, tag maintenance, offer or withdraw a vendor or a game for the merchant. */
  'games:write',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * The staff member a console call acts for (from the staff session, read again on every call): the
 * merchant of the request (inside the account's scope), the role and what it grants.
 */
export interface StaffActor {
  id: number;
  /** The merchant of the request's host, which the account's scope covers. */
  merchantId: number;
  /** The role's code (a built-in StaffRole, or a merchant's own). */
  role: string;
  roleName: string;
  displayName: string;
  /** The role is above merchants: its staff act on every merchant. */
  platform: boolean;
  /** What the role grants (the server's staff_role_permissions). */
  permissions: StaffPermission[];
}

/**
 * The answer of sign-in and `me`: the staff member and what their role allows. The staff app hides
 * what is not allowed; cosmetic only, the server still decides.
 */
export type StaffSignedIn = StaffActor;

/** One of the merchant's staff, as a transfer offers them. */
export interface StaffColleague {
  id: number;
  displayName: string;
  role: string;
}

/** One staff session, as its owner or a staff manager sees it (never its token). */
export interface StaffSessionView {
  id: number;
  createdAt: string;
  expiresAt: string;
  /** Where it signed in from; null for a session older than the listing. */
  ip: string | null;
  userAgent: string | null;
  /** The session of the request that asked. */
  current: boolean;
}

/** One of the merchant's staff with their role and live sessions (staff:manage). */
export interface StaffMemberView {
  id: number;
  username: string;
  displayName: string;
  role: string;
  roleName: string;
  disabled: boolean;
  sessions: StaffSessionView[];
}

/** A role the merchant's staff may hold, with what it grants (staff:manage). */
export interface StaffRoleView {
  code: string;
  name: string;
  platform: boolean;
  /** Built in (every merchant has it), or the merchant's own. */
  builtIn: boolean;
  permissions: StaffPermission[];
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
