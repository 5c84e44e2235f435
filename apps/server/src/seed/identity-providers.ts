import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { merchantIdentityProviders, merchants, type IdentityProviderName } from '../db/schema/index.js';

interface ProviderSeed {
  merchant: string;
  provider: IdentityProviderName;
  publicConfig: Record<string, unknown>;
  secretConfig: Record<string, unknown>;
}

/**
 * The demo merchants' identity providers (docs/social-sign-in.md). Firebase runs against the
 * server's local stand-in (`standIn`), so Google, Facebook and X sign-in work without a Firebase
 * project; the ids are placeholders a real project would replace.
 */
export const DEMO_IDENTITY_PROVIDERS: readonly ProviderSeed[] = [
  {
    merchant: 'aurora',
    provider: 'firebase',
    publicConfig: {
      apiKey: 'demo-aurora-firebase-api-key',
      authDomain: 'aurora-play-demo.firebaseapp.com',
      projectId: 'aurora-play-demo',
      appId: '1:100000000001:web:a0a0a0a0a0a0a0a0',
      messagingSenderId: '100000000001',
      phoneAuth: false,
      standIn: true,
    },
    secretConfig: {},
  },
  {
    merchant: 'lotus',
    provider: 'firebase',
    publicConfig: {
      apiKey: 'demo-lotus-firebase-api-key',
      authDomain: 'lotus-lotto-demo.firebaseapp.com',
      projectId: 'lotus-lotto-demo',
      appId: '1:100000000002:web:b1b1b1b1b1b1b1b1',
      messagingSenderId: '100000000002',
      // Lotus has no SMS gateway of its own: its login's mobile tab is Firebase phone auth.
      phoneAuth: true,
      standIn: true,
    },
    secretConfig: {},
  },
  // LINE, Telegram and the Maya wallet against the server's stand-ins (docs/social-sign-in.md,
  // "Stand-ins"): LINE and Maya (a Philippine wallet) on aurora, Telegram on lotus.
  {
    merchant: 'aurora',
    provider: 'line',
    publicConfig: { channelId: '1650000001', standIn: true },
    secretConfig: { channelSecret: 'aurora-line-channel-secret-demo' },
  },
  {
    merchant: 'aurora',
    provider: 'maya',
    publicConfig: { clientId: 'aurora-maya-client-demo', env: 'sandbox', standIn: true },
    secretConfig: { clientSecret: 'aurora-maya-client-secret-demo' },
  },
  {
    merchant: 'lotus',
    provider: 'telegram',
    publicConfig: { botId: '1000000001', authDomain: 'lotus.localhost', standIn: true },
    secretConfig: { botToken: '1000000001:lotus-telegram-bot-token-demo' },
  },
];

/** Writes the demo merchants' providers that are missing (a database seeded before issue 14 gets them too). */
export async function seedIdentityProviders(
  db: Db,
  seeds: readonly ProviderSeed[] = DEMO_IDENTITY_PROVIDERS,
): Promise<void> {
  for (const seed of seeds) {
    const [merchant] = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, seed.merchant))
      .limit(1);
    if (merchant === undefined) continue;
    await db
      .insert(merchantIdentityProviders)
      .values({
        merchantId: merchant.id,
        provider: seed.provider,
        enabled: true,
        publicConfig: seed.publicConfig,
        secretConfig: seed.secretConfig,
      })
      .onConflictDoNothing();
  }
}
