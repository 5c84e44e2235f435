import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customers, memberMessages, merchants } from '../db/schema/index.js';
import { type PasswordHasher, totpAad } from '../services/identity/index.js';
import type { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';

/** The terms version seed/legal publishes, which the demo members have accepted. */
export const DEMO_TERMS_VERSION = 1;

/** The password of every demo member (docs/demo.md). */
export const DEMO_PASSWORD = 'Demo1234';
/** The authenticator secret of the `secure` demo members (base32, printed in docs/demo.md). */
export const DEMO_TOTP_SECRET = 'WPSDEMO2FAAURORA';

/** A VIP club label (customers.club_label_id / club_label_name / rank_level). */
interface DemoLabel {
  id: string;
  name: string;
  rankLevel: number;
}

const SILVER: DemoLabel = { id: 'VIP1', name: 'Silver', rankLevel: 1 };
const GOLD: DemoLabel = { id: 'VIP2', name: 'Gold', rankLevel: 2 };

interface DemoMember {
  username: string;
  /** Default: Silver. */
  label?: DemoLabel;
  customerType?: number;
  firstTimeLogin?: boolean;
  expired?: boolean;
  totp?: boolean;
  emailTwoFactor?: boolean;
  smsTwoFactor?: boolean;
  mobile?: string;
  email?: string;
  /** Messages besides the welcome (the inbox's demo). */
  notices?: boolean;
  /** The member's own referral code (fixed, so docs/demo.md can name the invite link). */
  ownReferralCode?: string;
  /** Registered with this member's code (an agent's: a sub-account of it). */
  referrer?: string;
}

const DEMO_MERCHANTS: Record<string, { dialingCode: string; members: DemoMember[] }> = {
  aurora: {
    dialingCode: '63',
    members: [
      {
        username: 'demo',
        mobile: '9170000001',
        email: 'demo@aurora.example',
        label: GOLD,
        notices: true,
        ownReferralCode: 'AURDEMO1',
      },
      { username: 'newbie', firstTimeLogin: true },
      { username: 'expired', expired: true },
      { username: 'secure', totp: true },
      { username: 'mailcode', emailTwoFactor: true, email: 'mailcode@aurora.example' },
      { username: 'smscode', smsTwoFactor: true, mobile: '9170000002' },
      { username: 'agent', customerType: 1, ownReferralCode: 'AURAGENT' },
      // Referral (issue 15): demo's invite link names AURDEMO1; a friend of demo, a sub-account of agent.
      { username: 'friend1', referrer: 'demo' },
      { username: 'downline1', referrer: 'agent' },
      // The member area's demo (e2e/member-area.spec.ts): messages, contacts for every second factor.
      { username: 'settings', mobile: '9170000003', email: 'settings@aurora.example', notices: true },
    ],
  },
  lotus: {
    dialingCode: '84',
    members: [
      { username: 'demo', mobile: '912000001', email: 'demo@lotus.example', label: GOLD, notices: true },
      { username: 'newbie', firstTimeLogin: true },
      { username: 'secure', totp: true },
      { username: 'agent', customerType: 2, ownReferralCode: 'LOTAGENT' },
    ],
  },
};

/** The customer-service message every demo member finds unread in the inbox. */
export function welcomeMessage(merchantName: string): { title: string; body: string } {
  return {
    title: `Welcome to ${merchantName}`,
    body: `Welcome to ${merchantName}! Customer service is here around the clock if you need any help.`,
  };
}

/** Older customer-service messages of the members with `notices` (read and unread), oldest first. */
export function demoNotices(
  merchantName: string,
  welcomeAt: Date,
): { title: string; body: string; createdAt: Date; readAt: Date | null }[] {
  const daysBefore = (days: number) => new Date(welcomeAt.getTime() - days * 86_400_000);
  return [
    {
      title: 'Your account is verified',
      body: `Thank you for confirming your contact details with ${merchantName}.`,
      createdAt: daysBefore(3),
      readAt: daysBefore(3),
    },
    {
      title: 'Keep your account safe',
      body: 'Turn on two-step verification in Settings and security: a code from your authenticator app, email or SMS is asked at every login.',
      createdAt: daysBefore(2),
      readAt: null,
    },
    {
      title: 'New promotions this week',
      body: `See what ${merchantName} has for you this week under Promotions.`,
      createdAt: daysBefore(1),
      readAt: null,
    },
  ];
}

/** What demo members need besides the database: their password hashed, their TOTP secret sealed. */
export interface MemberSecrets {
  /** Hashes with the configured cost. */
  hasher: PasswordHasher;
  /** The key of SECRET_KEY the app opens TOTP secrets with. */
  kek: KeyEncryptionKey;
}

/**
 * Demo members of the demo merchants, written when the database has no member at all (a fresh
 * demo database), each with a VIP label and an unread welcome message. Passwords are hashed here,
 * at seed time, with the configured cost.
 */
export async function seedDemoMembers(db: Db, secrets: MemberSecrets): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(customers);
  if ((existing?.value ?? 0) > 0) return;
  const rows = await db
    .select({ id: merchants.id, code: merchants.code, name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.code, Object.keys(DEMO_MERCHANTS)));
  if (rows.length === 0) return;
  const passwordHash = await secrets.hasher.hash(DEMO_PASSWORD);
  const longAgo = new Date(Date.UTC(2020, 0, 1));
  for (const merchant of rows) {
    const demo = DEMO_MERCHANTS[merchant.code];
    if (demo === undefined) continue;
    const ids = new Map<string, { id: number; agent: boolean }>();
    for (const member of demo.members) {
      const label = member.label ?? SILVER;
      const inserted = await db
        .insert(customers)
        .values({
          merchantId: merchant.id,
          username: member.username,
          passwordHash,
          customerType: member.customerType ?? 0,
          firstTimeLogin: member.firstTimeLogin ?? false,
          countryDialingCode: member.mobile === undefined ? null : demo.dialingCode,
          mobileNum: member.mobile ?? null,
          email: member.email ?? null,
          emailTwoFactor: member.emailTwoFactor ?? false,
          smsTwoFactor: member.smsTwoFactor ?? false,
          clubLabelId: label.id,
          clubLabelName: label.name,
          rankLevel: label.rankLevel,
          ownReferralCode: member.ownReferralCode ?? null,
          // The demo members accepted the demo terms (version 1, seed/legal) and are adults.
          termsVersion: DEMO_TERMS_VERSION,
          termsAcceptedAt: new Date(),
          ...(member.expired === true ? { passwordChangedAt: longAgo, passwordExpiresAt: longAgo } : {}),
        })
        // A member already there is kept (start-up seeds under its lock, so this is only a safety net).
        .onConflictDoNothing()
        .returning({ id: customers.id });
      const id = inserted[0]?.id;
      if (id === undefined) continue;
      const customerType = member.customerType ?? 0;
      ids.set(member.username, { id, agent: customerType === 1 || customerType === 2 });
      const referrer = member.referrer === undefined ? undefined : ids.get(member.referrer);
      if (referrer !== undefined) {
        await db
          .update(customers)
          .set({ referrerId: referrer.id, parentAgentId: referrer.agent ? referrer.id : null })
          .where(eq(customers.id, id));
      }
      const welcomeAt = new Date();
      if (member.notices === true) {
        await db
          .insert(memberMessages)
          .values(demoNotices(merchant.name, welcomeAt).map((notice) => ({ customerId: id, ...notice })));
      }
      await db
        .insert(memberMessages)
        .values({ customerId: id, ...welcomeMessage(merchant.name), createdAt: welcomeAt });
      if (member.totp === true) {
        await db
          .update(customers)
          .set({ totpSecretSealed: secrets.kek.seal(Buffer.from(DEMO_TOTP_SECRET), totpAad(id)) })
          .where(eq(customers.id, id));
      }
    }
  }
}
