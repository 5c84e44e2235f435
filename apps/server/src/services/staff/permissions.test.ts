import { ChatErrorCode } from '@wps/contract/chat';
import { STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@wps/contract/staff';
import { describe, expect, it } from 'vitest';
import { hasStaffPermission, requireStaffPermission } from './permissions.js';

/**
 * Today's rules, written out (issues 16 and 17): every role runs the support console; an agent acts
 * only on unassigned conversations and their own, supervisors and admins on any; only supervisors
 * send pushes, read the attribution report and configure FCM; supervisors and admins review
 * withdrawals (issue 28) and act on responsible gaming: read the trust audit, set or lower a
 * member's limit, start a break (issue 29); and read the staff audit chain (issue 30).
 */
const GRANTED: Record<StaffRole, readonly StaffPermission[]> = {
  agent: ['console:open', 'chat:read', 'chat:reply', 'chat:assign'],
  supervisor: [
    'console:open',
    'chat:read',
    'chat:reply',
    'chat:assign',
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
    'console:open',
    'chat:read',
    'chat:reply',
    'chat:assign',
    'chat:takeover',
    'cashier:review',
    'compliance:read',
    'compliance:act',
    'audit:read',
    'merchant:create',
    'merchant:read',
    'merchant:write',
    'cashier:adjust',
    'cashier:approve',
  ],
};

describe('staff permissions by role', () => {
  const cases = STAFF_ROLES.flatMap((role) =>
    STAFF_PERMISSIONS.map((permission) => [role, permission, GRANTED[role].includes(permission)] as const),
  );

  it.each(cases)('%s, %s: %s', (role, permission, granted) => {
    expect(hasStaffPermission({ role }, permission)).toBe(granted);
    if (granted) expect(() => requireStaffPermission({ role }, permission)).not.toThrow();
    else {
      expect(() => requireStaffPermission({ role }, permission)).toThrow(
        expect.objectContaining({ code: ChatErrorCode.STAFF_FORBIDDEN }) as Error,
      );
    }
  });
});
