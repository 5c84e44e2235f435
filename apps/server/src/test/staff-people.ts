import { eq } from 'drizzle-orm';
import type { StaffRole } from '@wps/contract/staff';
import type { Db } from '../db/client.js';
import { merchants, staffAccounts } from '../db/schema/index.js';
import { DEMO_STAFF_TOTP_SECRET } from '../seed/staff.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { resolveSecretKey } from '../services/keys/secret-key.js';
import { staffTotpAad } from '../services/staff/staff.js';
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
  const [row] = await db
    .insert(staffAccounts)
    .values({ merchantId: merchant.id, username, displayName, role, passwordHash: agent.hash })
    .returning({ id: staffAccounts.id });
  if (row === undefined) throw new Error('staff account not written');
  const { secretKey } = await resolveSecretKey(testConfig());
  const kek = new KeyEncryptionKey(secretKey);
  await db
    .update(staffAccounts)
    .set({ totpSecretSealed: kek.seal(Buffer.from(DEMO_STAFF_TOTP_SECRET), staffTotpAad(row.id)) })
    .where(eq(staffAccounts.id, row.id));
  return row.id;
}
