import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { chatCannedReplies, merchants, staffAccounts } from '../db/schema/index.js';
import { staffTotpAad } from '../services/staff/staff.js';
import type { MemberSecrets } from './members.js';

/** The password of every demo support agent (docs/demo.md, "Staff console"). */
export const DEMO_STAFF_PASSWORD = 'Staff-Demo-2026';
/** The authenticator secret of every demo agent (base32, printed in docs/demo.md). */
export const DEMO_STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';

const CANNED_REPLIES: { title: string; body: string }[] = [
  { title: 'Greeting', body: 'Hello! Thank you for contacting us. How can I help you today?' },
  { title: 'Checking', body: 'Thank you for waiting, I am checking this for you now.' },
  { title: 'Closing', body: 'Is there anything else I can help you with? Have a great day!' },
];

/**
 * One support agent per demo merchant (`<code>-agent`, role agent), a cashier (`<code>-cashier`,
 * role admin: the withdrawal queue) and a supervisor for the first (`aurora-lead`, who can be the
 * second approver of a large withdrawal), written when there is no staff account yet, with the demo
 * canned replies.
 */
export async function seedDemoStaff(db: Db, secrets: MemberSecrets): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(staffAccounts);
  if ((existing?.value ?? 0) > 0) return;
  const rows = await db.select({ id: merchants.id, code: merchants.code }).from(merchants);
  if (rows.length === 0) return;
  const passwordHash = await secrets.hasher.hash(DEMO_STAFF_PASSWORD);
  for (const merchant of rows) {
    const people: { username: string; displayName: string; role: 'agent' | 'supervisor' | 'admin' }[] = [
      { username: `${merchant.code}-agent`, displayName: 'Alex (support)', role: 'agent' },
      { username: `${merchant.code}-cashier`, displayName: 'Kim (cashier)', role: 'admin' },
    ];
    if (merchant.code === 'aurora') {
      people.push({ username: 'aurora-lead', displayName: 'Sam (lead)', role: 'supervisor' });
    }
    for (const person of people) {
      const [row] = await db
        .insert(staffAccounts)
        .values({ merchantId: merchant.id, passwordHash, ...person })
        .onConflictDoNothing()
        .returning({ id: staffAccounts.id });
      if (row === undefined) continue;
      await db
        .update(staffAccounts)
        .set({
          totpSecretSealed: secrets.kek.seal(Buffer.from(DEMO_STAFF_TOTP_SECRET), staffTotpAad(row.id)),
        })
        .where(eq(staffAccounts.id, row.id));
    }
    await db
      .insert(chatCannedReplies)
      .values(CANNED_REPLIES.map((reply) => ({ merchantId: merchant.id, ...reply })));
  }
}
