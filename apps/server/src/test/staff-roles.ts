import type { StaffPermission, StaffRole } from '@wps/contract/staff';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staffAccounts } from '../db/schema/index.js';
import { roleIdOf } from '../services/staff/roles.js';

const CONSOLE: readonly StaffPermission[] = ['console:open'];
const SUPPORT: readonly StaffPermission[] = [...CONSOLE, 'chat:read', 'chat:reply', 'chat:assign'];
/** Every permission of a merchant's back office but managing its staff (the old supervisor's set). */
const ADMIN: readonly StaffPermission[] = [
  ...SUPPORT,
  'chat:takeover',
  'push:send',
  'push:report',
  'push:configure',
  'cashier:review',
  // Manual adjustments: a cashier proposes, an admin (a second account) approves; admins do both.
  'cashier:adjust',
  'cashier:approve',
  'compliance:read',
  'compliance:act',
  'audit:read',
];
/** Issue 30 item 5: the merchant's content (its own migration grants it; last in the permission order). */
const CONTENT: readonly StaffPermission[] = ['content:read', 'content:write'];

/** The Members section in full (migration member_admin): read, phone and email, act, reset a second factor. */
const MEMBERS_ACT: readonly StaffPermission[] = [
  'member:read',
  'member:pii',
  'member:write',
  'member:reset2fa',
];

/** The Games section (migration games_admin): marketing merchandises the lobby, so it writes too. */
const GAMES: readonly StaffPermission[] = ['games:read', 'games:write'];

/**
 * The grants migration staff_roles seeds (and content_admin adds to), written out (docs/decisions/staff-roles.md): tests hold
 * the data to this table, so a changed grant is a visible change of a test.
 */
export const SEEDED_GRANTS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  platform: [
    ...ADMIN,
    'staff:manage',
    'merchant:create',
    'merchant:read',
    'merchant:write',
    'report:read',
    ...CONTENT,
    ...MEMBERS_ACT,
    ...GAMES,
  ],
  owner: [
    ...ADMIN,
    'staff:manage',
    'merchant:read',
    'merchant:write',
    'report:read',
    ...CONTENT,
    ...MEMBERS_ACT,
    ...GAMES,
  ],
  admin: [...ADMIN, 'report:read', ...CONTENT, ...MEMBERS_ACT, ...GAMES],
  cashier: [...CONSOLE, 'cashier:review', 'cashier:adjust', 'member:read', 'member:pii'],
  support: [...SUPPORT, ...MEMBERS_ACT],
  marketing: [
    ...CONSOLE,
    'push:send',
    'push:report',
    'report:read',
    'content:read',
    'content:write',
    'member:read',
    ...GAMES,
  ],
  compliance: [
    ...CONSOLE,
    'compliance:read',
    'compliance:act',
    'audit:read',
    'report:read',
    'member:read',
    'member:pii',
    'member:write',
  ],
  readonly: [
    ...CONSOLE,
    'chat:read',
    'push:report',
    'compliance:read',
    'audit:read',
    'merchant:read',
    'report:read',
    'content:read',
    'member:read',
    'games:read',
  ],
};

/** The demo account of each role on aurora (the platform operator has no merchant). */
export const DEMO_ACCOUNT_OF: Readonly<Record<StaffRole, string>> = {
  platform: 'platform-ops',
  owner: 'aurora-owner',
  admin: 'aurora-admin',
  cashier: 'aurora-cashier',
  support: 'aurora-agent',
  marketing: 'aurora-marketing',
  compliance: 'aurora-compliance',
  readonly: 'aurora-readonly',
};

/** Gives the staff account `username` the built-in role `role` (from its next call on). */
export async function setStaffRole(db: Db, username: string, role: StaffRole): Promise<void> {
  const roleId = await roleIdOf(db, role);
  if (roleId === undefined) throw new Error(`no role ${role}`);
  await db
    .update(staffAccounts)
    .set({ roleId })
    .where(eq(sql`lower(${staffAccounts.username})`, username.toLowerCase()));
}
