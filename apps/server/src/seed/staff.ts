import type { StaffRole } from '@wps/contract/staff';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { chatCannedReplies, merchants, staffAccounts } from '../db/schema/index.js';
import { createStaffAccount } from '../services/staff/roles.js';
import type { MemberSecrets } from './members.js';

/** The password of every demo staff account (docs/demo-staff.md). */
export const DEMO_STAFF_PASSWORD = 'Staff-Demo-2026';
/** The authenticator secret of every demo staff account (base32, printed in docs/demo-staff.md). */
export const DEMO_STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';
/** The demo platform operator (no merchant: signs in on any merchant's host). */
export const DEMO_PLATFORM_USERNAME = 'platform-ops';

const CANNED_REPLIES: { title: string; body: string }[] = [
  { title: 'Greeting', body: 'Hello! Thank you for contacting us. How can I help you today?' },
  { title: 'Checking', body: 'Thank you for waiting, I am checking this for you now.' },
  { title: 'Closing', body: 'Is there anything else I can help you with? Have a great day!' },
];

interface DemoStaff {
  /** Follows the merchant's code: `aurora-owner`, … */
  suffix: string;
  displayName: string;
  role: Exclude<StaffRole, 'platform'>;
}

/**
 * One account per merchant role for every demo merchant (`<code>-<suffix>`). The support account
 * keeps the name `-agent` it had before roles were data, and aurora keeps its lead (an admin, the
 * second approver of a large withdrawal).
 */
export const DEMO_STAFF: readonly DemoStaff[] = [
  { suffix: 'owner', displayName: 'Olivia (owner)', role: 'owner' },
  { suffix: 'admin', displayName: 'Ada (admin)', role: 'admin' },
  { suffix: 'cashier', displayName: 'Kim (cashier)', role: 'cashier' },
  { suffix: 'agent', displayName: 'Alex (support)', role: 'support' },
  { suffix: 'marketing', displayName: 'Mia (marketing)', role: 'marketing' },
  { suffix: 'compliance', displayName: 'Chris (compliance)', role: 'compliance' },
  { suffix: 'readonly', displayName: 'Robin (read-only)', role: 'readonly' },
];

/**
 * The demo staff: every demo merchant's accounts of DEMO_STAFF, aurora's lead and the platform
 * operator, each with the demo password and authenticator; the ones missing are written (a
 * database seeded before roles were data gets the new ones), and a merchant without canned replies
 * gets the demo ones.
 */
export async function seedDemoStaff(db: Db, secrets: MemberSecrets): Promise<void> {
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .orderBy(merchants.id);
  if (rows.length === 0) return;
  const wanted: { merchantId: number | null; username: string; displayName: string; roleCode: string }[] = [];
  for (const merchant of rows) {
    for (const person of DEMO_STAFF) {
      wanted.push({
        merchantId: merchant.id,
        username: `${merchant.code}-${person.suffix}`,
        displayName: person.displayName,
        roleCode: person.role,
      });
    }
    if (merchant.code === 'aurora') {
      wanted.push({
        merchantId: merchant.id,
        username: 'aurora-lead',
        displayName: 'Sam (lead)',
        roleCode: 'admin',
      });
    }
  }
  wanted.push({
    merchantId: null,
    username: DEMO_PLATFORM_USERNAME,
    displayName: 'Pat (platform)',
    roleCode: 'platform',
  });

  const existing = new Set(
    (
      await db
        .select({ username: sql<string>`lower(${staffAccounts.username})` })
        .from(staffAccounts)
        .where(
          inArray(
            sql`lower(${staffAccounts.username})`,
            wanted.map((person) => person.username),
          ),
        )
    ).map((row) => row.username),
  );
  const missing = wanted.filter((person) => !existing.has(person.username));
  if (missing.length > 0) {
    const passwordHash = await secrets.hasher.hash(DEMO_STAFF_PASSWORD);
    for (const person of missing) {
      await createStaffAccount(db, secrets.kek, {
        ...person,
        passwordHash,
        totpSecret: DEMO_STAFF_TOTP_SECRET,
      });
    }
  }

  const withReplies = new Set(
    (await db.selectDistinct({ merchantId: chatCannedReplies.merchantId }).from(chatCannedReplies)).map(
      (row) => row.merchantId,
    ),
  );
  for (const merchant of rows.filter((row) => !withReplies.has(row.id))) {
    await db
      .insert(chatCannedReplies)
      .values(CANNED_REPLIES.map((reply) => ({ merchantId: merchant.id, ...reply })));
  }
}
