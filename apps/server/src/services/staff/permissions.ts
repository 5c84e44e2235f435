import { ChatErrorCode } from '@wps/contract/chat';
import type { StaffActor, StaffPermission } from '@wps/contract/staff';
import { DomainError } from '../errors.js';

/*
 * What a role may do is data (issue 30 item 2): `staff_roles` and their grants in
 * `staff_role_permissions`, seeded by migration staff_roles with the eight built-in roles. The staff
 * session reads the actor's grants on every call (services/staff/staff.ts `authenticate`), so a
 * changed grant holds from the next call on; these checks only read what the actor carries.
 */

export function hasStaffPermission(
  actor: Pick<StaffActor, 'permissions'>,
  permission: StaffPermission,
): boolean {
  return actor.permissions.includes(permission);
}

/** 403 staff_forbidden unless the actor's role grants `permission`. */
export function requireStaffPermission(
  actor: Pick<StaffActor, 'permissions'>,
  permission: StaffPermission,
): void {
  if (!hasStaffPermission(actor, permission)) {
    throw new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'Your role does not allow this.');
  }
}

/**
 * 403 staff_forbidden unless `merchantId` is the merchant the actor acts on. The staff session only
 * yields an actor for a merchant inside the account's scope (the request's host); a call that names
 * a merchant in its input checks it with this.
 */
export function requireStaffMerchant(actor: Pick<StaffActor, 'merchantId'>, merchantId: number): void {
  if (actor.merchantId !== merchantId) {
    throw new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'This merchant is outside your scope.');
  }
}

/** Sign-in's and `me`'s answer: the actor with what the role allows (the staff app's navigation). */
export function signedIn(actor: StaffActor): StaffActor {
  return { ...actor, permissions: [...actor.permissions] };
}
