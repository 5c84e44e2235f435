import type { JurisdictionRules } from '@wps/contract/trust';
import { sql } from 'drizzle-orm';
import { rowsOf, type SqlRunner } from '../../db/raw.js';

export interface JurisdictionProfile {
  id: string;
  name: string;
  rules: JurisdictionRules;
}

/**
 * The profile each merchant runs under, read through a short cache: every bet and deposit asks, and a
 * profile changes rarely (a saved change is seen within `ttlMs`).
 */
export class JurisdictionProfiles {
  private readonly cache = new Map<number, { profile: JurisdictionProfile; until: number }>();

  constructor(
    private readonly db: SqlRunner,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * `runner`: inside a transaction, its own handle: a money transaction never waits on a second
   * connection (on PGlite there is only one, and it would wait for ever).
   */
  async ofMerchant(merchantId: number, runner: SqlRunner = this.db): Promise<JurisdictionProfile> {
    const cached = this.cache.get(merchantId);
    const at = this.clock();
    if (cached !== undefined && cached.until > at) return cached.profile;
    const [row] = await rowsOf<JurisdictionProfile>(
      runner,
      sql`SELECT p.id, p.name, p.rules FROM merchants m JOIN jurisdiction_profiles p ON p.id = m.jurisdiction_profile_id
          WHERE m.id = ${merchantId}`,
    );
    if (row === undefined) throw new Error(`merchant ${merchantId} has no jurisdiction profile`);
    this.cache.set(merchantId, { profile: row, until: at + this.ttlMs });
    return row;
  }

  /** Drops what is cached (a profile or a merchant's choice was saved). */
  forget(): void {
    this.cache.clear();
  }
}
