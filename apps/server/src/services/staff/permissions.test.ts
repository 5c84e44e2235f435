import { ChatErrorCode } from '@wps/contract/chat';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '@wps/contract/staff';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { SEEDED_GRANTS } from '../../test/staff-roles.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { hasStaffPermission, requireStaffMerchant, requireStaffPermission } from './permissions.js';

describe('the staff permission checks read what the actor carries', () => {
  const cases = STAFF_ROLES.flatMap((role) =>
    STAFF_PERMISSIONS.map(
      (permission) => [role, permission, SEEDED_GRANTS[role].includes(permission)] as const,
    ),
  );

  it.each(cases)('%s, %s: %s', (role, permission, granted) => {
    const actor = { permissions: [...SEEDED_GRANTS[role]] };
    expect(hasStaffPermission(actor, permission)).toBe(granted);
    if (granted) expect(() => requireStaffPermission(actor, permission)).not.toThrow();
    else {
      expect(() => requireStaffPermission(actor, permission)).toThrow(
        expect.objectContaining({ code: ChatErrorCode.STAFF_FORBIDDEN }) as Error,
      );
    }
  });

  it.each([
    ['the merchant acted on', 1, 1, false],
    ['another merchant', 1, 2, true],
    ['a merchant id that does not exist', 1, 2_147_483_647, true],
  ])('a named merchant: %s', (_case, actorMerchant, named, refused) => {
    const check = () => requireStaffMerchant({ merchantId: actorMerchant }, named);
    if (refused) {
      expect(check).toThrow(expect.objectContaining({ code: ChatErrorCode.STAFF_FORBIDDEN }) as Error);
    } else expect(check).not.toThrow();
  });
});

// The grants are data: migration staff_roles seeds the eight built-in roles with this table.
describe.each(backends)('the seeded roles (%s)', (backend) => {
  const t = useTestApp(backend);

  async function grants() {
    return rowsOf<{ code: string; platform: boolean; permissions: string[] }>(
      t.db,
      sql`SELECT r.code, r.platform, array(SELECT p.permission FROM staff_role_permissions p WHERE p.role_id = r.id ORDER BY p.permission) AS permissions
          FROM staff_roles r WHERE r.merchant_id IS NULL ORDER BY r.id`,
    );
  }

  it('are the eight roles, in order, only the platform operator above merchants', async () => {
    const rows = await grants();
    expect(rows.map((row) => row.code)).toEqual([...STAFF_ROLES]);
    expect(rows.filter((row) => row.platform).map((row) => row.code)).toEqual(['platform']);
  });

  it.each(STAFF_ROLES)('%s holds exactly the written-out grants', async (role) => {
    const row = (await grants()).find((found) => found.code === role);
    expect(row?.permissions).toEqual([...SEEDED_GRANTS[role]].sort());
  });

  it('grant only permissions the contract knows, and the platform operator every one of them', async () => {
    const rows = await grants();
    const known = new Set<string>(STAFF_PERMISSIONS);
    expect(rows.flatMap((row) => row.permissions).filter((permission) => !known.has(permission))).toEqual([]);
    expect(rows.find((row) => row.code === 'platform')?.permissions).toEqual([...STAFF_PERMISSIONS].sort());
  });
});
