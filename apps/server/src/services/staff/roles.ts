import { STAFF_PERMISSIONS, type StaffActor, type StaffPermission } from '@wps/contract/staff';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  staffAccountMerchants,
  staffAccounts,
  staffRolePermissions,
  staffRoles,
} from '../../db/schema/index.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';

/*
 * Roles as data (issue 30 item 2): a staff account holds a role (staff_roles), whose grants are rows
 * of staff_role_permissions, and a scope — the merchants of staff_account_merchants, or every
 * merchant when the role is a platform role. The actor of a call is read here on every call.
 */

/** The additional data a staff account's sealed TOTP secret is bound to. */
export function staffTotpAad(staffId: number): string {
  return `staff-totp:${staffId}`;
}

/** The grants a role holds, as this version of the contract knows them, in the contract's order. */
export function knownPermissions(granted: readonly string[]): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((permission) => granted.includes(permission));
}

/** SQL: the role's grants as a text array. */
export const rolePermissionsSql = (): SQL<string[]> =>
  sql<
    string[]
  >`array(SELECT ${staffRolePermissions.permission} FROM ${staffRolePermissions} WHERE ${staffRolePermissions.roleId} = ${staffRoles.id})`;

/** SQL: whether the account's role or scope covers `merchantId`. */
export const coversMerchant = (merchantId: number): SQL<boolean> =>
  sql<boolean>`(${staffRoles.platform} OR EXISTS (SELECT 1 FROM ${staffAccountMerchants} WHERE ${staffAccountMerchants.staffId} = ${staffAccounts.id} AND ${staffAccountMerchants.merchantId} = ${merchantId}))`;

/** The account's columns an actor is made of (with the role joined). */
export const actorColumns = () => ({
  id: staffAccounts.id,
  displayName: staffAccounts.displayName,
  disabled: staffAccounts.disabled,
  role: staffRoles.code,
  roleName: staffRoles.name,
  platform: staffRoles.platform,
  permissions: rolePermissionsSql(),
});

export interface ActorRow {
  id: number;
  displayName: string;
  role: string;
  roleName: string;
  platform: boolean;
  permissions: string[];
}

/** The actor of a row, acting on `merchantId` (which the caller checked the scope covers). */
export function actorOf(row: ActorRow, merchantId: number): StaffActor {
  return {
    id: row.id,
    merchantId,
    role: row.role,
    roleName: row.roleName,
    displayName: row.displayName,
    platform: row.platform,
    permissions: knownPermissions(row.permissions),
  };
}

/** The built-in role with `code` (or the merchant's own of that code first), or undefined. */
export async function roleIdOf(
  db: Db,
  code: string,
  merchantId: number | null = null,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: staffRoles.id, merchantId: staffRoles.merchantId })
    .from(staffRoles)
    .where(
      and(
        eq(staffRoles.code, code),
        merchantId === null
          ? isNull(staffRoles.merchantId)
          : or(isNull(staffRoles.merchantId), eq(staffRoles.merchantId, merchantId)),
      ),
    );
  return (rows.find((row) => row.merchantId !== null) ?? rows[0])?.id;
}

export interface NewStaffAccount {
  /** The home merchant; null for a platform operator. */
  merchantId: number | null;
  username: string;
  displayName: string;
  roleCode: string;
  passwordHash: string;
  /** The authenticator's base32 secret: every account has one (the second factor is required). */
  totpSecret: string;
  /** More merchants the account acts on, beyond its home merchant. */
  alsoMerchants?: readonly number[];
}

/**
 * Creates a staff account with its second factor: in one transaction it is written disabled, given
 * its sealed secret (sealed with the account's id, so after the insert) and enabled — the database
 * refuses an enabled account without one (CHECK staff_accounts_second_factor). Null when the user
 * name is taken.
 */
export async function createStaffAccount(
  db: Db,
  kek: KeyEncryptionKey,
  account: NewStaffAccount,
): Promise<number | null> {
  const roleId = await roleIdOf(db, account.roleCode, account.merchantId);
  if (roleId === undefined) throw new Error(`no staff role ${account.roleCode}`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        merchantId: account.merchantId,
        username: account.username,
        displayName: account.displayName,
        roleId,
        passwordHash: account.passwordHash,
        disabled: true,
      })
      .onConflictDoNothing()
      .returning({ id: staffAccounts.id });
    if (row === undefined) return null;
    await tx
      .update(staffAccounts)
      .set({
        totpSecretSealed: kek.seal(Buffer.from(account.totpSecret), staffTotpAad(row.id)),
        disabled: false,
      })
      .where(eq(staffAccounts.id, row.id));
    const scope = [
      ...new Set([
        ...(account.merchantId === null ? [] : [account.merchantId]),
        ...(account.alsoMerchants ?? []),
      ]),
    ];
    if (scope.length > 0) {
      await tx
        .insert(staffAccountMerchants)
        .values(scope.map((merchantId) => ({ staffId: row.id, merchantId })));
    }
    return row.id;
  });
}
