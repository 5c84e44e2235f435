/**
 * The back office's Members section (issue 30 item 7): a merchant's staff find a member by name, id,
 * phone, email or referral code and see the member's profile, sessions, linked sign-ins, limits,
 * ledger, notes and downline. The calls are in the endpoint table (endpoints/members.ts); their input
 * schemas in schemas/memberAdmin.ts. Phone and email travel only to roles with `member:pii`: for the
 * others the server leaves them out (null, `piiHidden`), it never masks on the client.
 */
import type { ResponsibleGamingStatus } from './trust.js';

/** Members a search page holds at most (the next page starts after the last one's id). */
export const MEMBER_SEARCH_PAGE = 25;
/** Sub-accounts and referred members a downline page holds at most. */
export const MEMBER_DOWNLINE_PAGE = 25;

/** The error codes of the Members section. */
export const MemberAdminErrorCode = {
  /** A locked member signs in: refused on every sign-in path until a staff member unlocks. */
  ACCOUNT_LOCKED: 'account_locked',
} as const;
export type MemberAdminErrorCode = (typeof MemberAdminErrorCode)[keyof typeof MemberAdminErrorCode];

/** Member types as customers.customer_type holds them: 0 player, 1 or 2 agent, 4 no language sync. */
export type MemberKind = 'player' | 'agent';

/** One row of a search's results. */
export interface StaffMemberHit {
  id: number;
  username: string;
  kind: MemberKind;
  /** +dialing code and number; null without one, or hidden from the role (`piiHidden`). */
  phone: string | null;
  email: string | null;
  ownReferralCode: string | null;
  locked: boolean;
  createdAt: string;
}

export interface StaffMemberSearchPage {
  hits: StaffMemberHit[];
  /** Pass as `after` for the next page; null at the end. */
  next: number | null;
  /** The role may not see phone or email: they are left out, and neither is searched. */
  piiHidden: boolean;
}

/** A member's live session as staff see it (never its token). */
export interface StaffMemberSession {
  id: number;
  ip: string;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** A sign-in linked to the member: a social provider or a passkey (never a subject id or key). */
export interface StaffMemberSignIn {
  kind: 'social' | 'passkey';
  /** The provider ('google.com', 'line', …) or the passkey's name. */
  name: string;
  /** The name the provider gave (social), or the domain the passkey belongs to. */
  detail: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The member a profile names: the upline agent, the referrer. */
export interface StaffMemberRef {
  id: number;
  username: string;
}

export interface MemberDetailView {
  id: number;
  username: string;
  kind: MemberKind;
  phone: string | null;
  email: string | null;
  piiHidden: boolean;
  language: string | null;
  currency: string;
  registeredAt: string;
  registerMethod: string | null;
  ownReferralCode: string | null;
  vipLabel: string | null;
  rankLevel: number;
  /** When a staff member locked the account; null: not locked. */
  lockedAt: string | null;
  /** The second factors set up (names only): 'authenticator', 'email', 'sms'. */
  secondFactors: ('authenticator' | 'email' | 'sms')[];
  agent: StaffMemberRef | null;
  referrer: StaffMemberRef | null;
  /** How many members this one's agent link or referral code brought. */
  downlineCount: number;
  sessions: StaffMemberSession[];
  signIns: StaffMemberSignIn[];
  /** Limits, the running break and the reality check, as the member's own page shows them. */
  limits: ResponsibleGamingStatus;
}

/** What a note row records: a staff member's note, or the reason of an action on the account. */
export const MEMBER_NOTE_KINDS = ['note', 'lock', 'unlock', 'reset_2fa', 'end_sessions'] as const;
export type MemberNoteKind = (typeof MEMBER_NOTE_KINDS)[number];

/** One row of a member's notes: append-only, with its author and time. */
export interface StaffMemberNote {
  id: number;
  kind: MemberNoteKind;
  body: string;
  staffId: number | null;
  staffName: string | null;
  at: string;
}

/** A member of an agent's downline (sub-account) or a referred member. */
export interface StaffDownlineMember {
  id: number;
  username: string;
  kind: MemberKind;
  /** 'agent': a sub-account of this agent; 'referral': registered with this member's code. */
  via: 'agent' | 'referral';
  createdAt: string;
}

export interface StaffDownlinePage {
  members: StaffDownlineMember[];
  next: number | null;
}

/** What ending sessions, locking or a second-factor reset did. */
export interface StaffMemberActionResult {
  /** Sessions ended by the call. */
  endedSessions: number;
  lockedAt: string | null;
  /** Second factors reset (names only, never a secret). */
  secondFactors: ('authenticator' | 'email' | 'sms')[];
}
