import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { merchantIdentityProviders, merchants, type IdentityProviderName } from '../db/schema.js';

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
      phoneAuth: false,
      standIn: true,
    },
    secretConfig: {},
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
