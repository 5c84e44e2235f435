import { ChatErrorCode } from '@wps/contract/chat';
import type { StaffActor, StaffPermission, StaffRole, StaffSignedIn } from '@wps/contract/staff';
import { DomainError } from '../errors.js';

const CONSOLE: readonly StaffPermission[] = ['console:open', 'chat:read', 'chat:reply', 'chat:assign'];

/**
 * What each role may do. Every role runs the support console; supervisors and admins also act on a
 * conversation another agent picked up; only supervisors run the Push section (a push reaches
 * every member of the merchant).
 */
export const STAFF_ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  agent: CONSOLE,
  supervisor: [
    ...CONSOLE,
    'chat:takeover',
    'push:send',
    'push:report',
    'push:configure',
    'cashier:review',
    'compliance:read',
    'compliance:act',
    'audit:read',
  ],
  admin: [
    ...CONSOLE,
    'chat:takeover',
    'cashier:review',
    'compliance:read',
    'compliance:act',
    'audit:read',
    // Issue 30 item 3. merchant:create belongs to the platform operator; granted to admin until the
    // roles of item 2 land (the lead remaps it then).
    'merchant:create',
    'merchant:read',
    'merchant:write',
    // Manual adjustments (issue 30 item 8): admins for now, both sides; the roles rework of issue 30
    // item 2 remaps them (a cashier proposes, an owner or a second admin approves). Two different
    // accounts are still needed: the service refuses the proposer as the approver.
    'cashier:adjust',
    'cashier:approve',
  ],
};

export function hasStaffPermission(actor: Pick<StaffActor, 'role'>, permission: StaffPermission): boolean {
  return STAFF_ROLE_PERMISSIONS[actor.role].includes(permission);
}

/** 403 staff_forbidden unless the actor's role grants `permission`. */
export function requireStaffPermission(actor: Pick<StaffActor, 'role'>, permission: StaffPermission): void {
  if (!hasStaffPermission(actor, permission)) {
    throw new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'Your role does not allow this.');
  }
}

/** Sign-in's and `me`'s answer: the actor with what the role allows (the staff app's navigation). */
export function signedIn(actor: StaffActor): StaffSignedIn {
  return { ...actor, permissions: [...STAFF_ROLE_PERMISSIONS[actor.role]] };
}
