import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countries, merchantCountries, merchantDomains, merchants } from '../db/schema/index.js';
import { DEMO_COUNTRIES } from './countries.js';
import { seedGameCatalogue } from './games.js';
import { seedIdentityProviders } from './identity-providers.js';
import { seedDemoMembers, type MemberSecrets } from './members.js';
import { demoMerchants } from './merchants.js';
import { seedDemoStaff } from './staff.js';
import { seedCashier } from './cashier.js';
import { seedLegalDocuments } from './legal/index.js';
import { sealCustomerService } from '../services/customer-service/entries.js';
import type { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';

/** Writes the demo data when there is no merchant yet, all or nothing. Returns whether it wrote. */
export async function seedIfEmpty(db: Db, kek: KeyEncryptionKey, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(merchants);
    if ((existing?.count ?? 0) > 0) return false;

    await tx.insert(countries).values(DEMO_COUNTRIES).onConflictDoNothing();
    for (const seed of demoMerchants(now)) {
      // Customer-service paths are stored sealed (spec section 3), bound to the merchant's code.
      const publicSettings = seed.merchant.publicSettings;
      const merchant = {
        ...seed.merchant,
        ...(publicSettings && {
          publicSettings: {
            ...publicSettings,
            customerService: sealCustomerService(kek, seed.merchant.code, publicSettings.customerService),
          },
        }),
      };
      const [row] = await tx.insert(merchants).values(merchant).returning({ id: merchants.id });
      if (row === undefined) throw new Error(`seeding ${seed.merchant.code} returned no id`);
      await tx
        .insert(merchantDomains)
        .values(seed.domains.map((domain) => ({ ...domain, merchantId: row.id })));
      await tx
        .insert(merchantCountries)
        .values(
          seed.countries.map((countryCode, position) => ({ merchantId: row.id, countryCode, position })),
        );
    }
    return true;
  });
}

/**
 * All demo data, for a start-up under the start-up lock: the merchants into an empty database, their
 * demo members when there is no member yet, and the game catalogue and lobby content where missing.
 * Returns whether the merchants were written (a fresh database). `now` dates the catalogue and lobby
 * content (tests move it); the merchants keep the wall clock, as `seedIfEmpty` alone does.
 */
export async function seedDemoData(db: Db, options: { secrets: MemberSecrets; now: Date }): Promise<boolean> {
  const seeded = await seedIfEmpty(db, options.secrets.kek);
  await seedDemoMembers(db, options.secrets);
  await seedGameCatalogue(db, options.now);
  await seedIdentityProviders(db);
  await seedDemoStaff(db, options.secrets);
  await seedCashier(db, options.secrets.kek);
  await seedLegalDocuments(db);
  return seeded;
}
