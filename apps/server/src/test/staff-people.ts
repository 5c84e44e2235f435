import { eq } from 'drizzle-orm';
import type { StaffRole } from '@wps/contract/staff';
import type { Db } from '../db/client.js';
import { merchants, staffAccounts } from '../db/schema/index.js';
import { DEMO_STAFF_TOTP_SECRET } from '../seed/staff.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { resolveSecretKey } from '../services/keys/secret-key.js';
import { createStaffAccount } from '../services/staff/roles.js';
import { testConfig } from './test-app.js';

/**
 * Adds a staff account to a merchant, with the demo password and authenticator (as the seed writes
 * them), so a test can have as many different people as it needs: a third approver, a racer.
 */
export async function addStaff(
  db: Db,
  merchantCode: string,
  username: string,
  role: StaffRole,
  displayName = username,
): Promise<number> {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.code, merchantCode));
  // Every demo account has the same password: its hash is borrowed from the merchant's agent.
  const [agent] = await db
    .select({ hash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.username, `${merchantCode}-agent`));
  if (merchant === undefined || agent === undefined) throw new Error(`no demo merchant ${merchantCode}`);
  const { secretKey } = await resolveSecretKey(testConfig());
  const id = await createStaffAccount(db, new KeyEncryptionKey(secretKey), {
    merchantId: merchant.id,
    username,
    displayName,
    roleCode: role,
    passwordHash: agent.hash,
    totpSecret: DEMO_STAFF_TOTP_SECRET,
  });
  if (id === null) throw new Error(`staff account ${username} not written`);
  return id;
}
