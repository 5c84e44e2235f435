import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countries, merchantCountries, merchantDomains, merchants } from '../db/schema.js';
import { DEMO_COUNTRIES } from './countries.js';
import { demoMerchants } from './merchants.js';

/** Writes the demo data when there is no merchant yet, all or nothing. Returns whether it wrote. */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(merchants);
    if ((existing?.count ?? 0) > 0) return false;

    await tx.insert(countries).values(DEMO_COUNTRIES).onConflictDoNothing();
    for (const seed of demoMerchants(now)) {
      const [row] = await tx.insert(merchants).values(seed.merchant).returning({ id: merchants.id });
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
