import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { merchantIdentityProviders, type IdentityProviderName } from '../../../db/schema/index.js';

/** One provider of a merchant as the server reads it. `secretConfig` never goes into an answer or a log. */
export interface IdentityProviderRow {
  provider: IdentityProviderName;
  enabled: boolean;
  publicConfig: Record<string, unknown>;
  secretConfig: Record<string, unknown>;
}

/** A string field of a config document, or null when absent, empty or not a string. */
export function configString(config: Record<string, unknown>, name: string): string | null {
  const value = config[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A boolean field of a config document (absent or not a boolean: false). */
export function configFlag(config: Record<string, unknown>, name: string): boolean {
  return config[name] === true;
}

/**
 * The merchants' identity providers (merchant_identity_providers): ids and public settings, and the
 * server-only secrets and endpoint base URLs. Read per login (a row is small and indexed).
 */
export class IdentityProviders {
  constructor(private readonly db: Db) {}

  /** The merchant's row of `provider`, enabled or not; null when the merchant has none. */
  async get(merchantId: number, provider: IdentityProviderName): Promise<IdentityProviderRow | null> {
    const [row] = await this.db
      .select()
      .from(merchantIdentityProviders)
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, merchantId),
          eq(merchantIdentityProviders.provider, provider),
        ),
      )
      .limit(1);
    return row === undefined ? null : toRow(row);
  }

  /** The enabled row of `provider`, or null: what a login of that provider needs. */
  async enabled(merchantId: number, provider: IdentityProviderName): Promise<IdentityProviderRow | null> {
    const row = await this.get(merchantId, provider);
    return row !== null && row.enabled ? row : null;
  }

  /** The public configs of the merchant's enabled providers, for the settings answer (no secrets selected). */
  async publicConfigs(
    merchantId: number,
  ): Promise<Partial<Record<IdentityProviderName, Record<string, unknown>>>> {
    const rows = await this.db
      .select({
        provider: merchantIdentityProviders.provider,
        publicConfig: merchantIdentityProviders.publicConfig,
      })
      .from(merchantIdentityProviders)
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, merchantId),
          eq(merchantIdentityProviders.enabled, true),
        ),
      );
    const configs: Partial<Record<IdentityProviderName, Record<string, unknown>>> = {};
    for (const row of rows) configs[row.provider] = row.publicConfig;
    return configs;
  }
}

function toRow(row: typeof merchantIdentityProviders.$inferSelect): IdentityProviderRow {
  return {
    provider: row.provider,
    enabled: row.enabled,
    publicConfig: row.publicConfig,
    secretConfig: row.secretConfig,
  };
}
