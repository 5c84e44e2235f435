import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { paymentProviders } from '../../../db/schema/index.js';
import type { KeyEncryptionKey } from '../../keys/key-encryption-key.js';
import { DomainError } from '../../errors.js';
import { DemoPayProvider } from './demo.js';
import type { PaymentProvider, ProviderAccount, PspFetch } from './types.js';

/** Where the development stand-in of DemoPay answers (src/stand-ins/psp), in process. */
export const PSP_STAND_IN_BASE = 'standin://demopay';

export const providerSecretsAad = (merchantId: number, provider: string) => `psp:${merchantId}:${provider}`;

export interface ProviderRegistryDeps {
  db: Db;
  kek: KeyEncryptionKey;
  /** The stand-in's API (`standin://demopay/…`); null in production, where such an account offers nothing. */
  standInFetch: PspFetch | null;
}

/** The merchant's provider adapters, built from its configured accounts (secrets opened on use). */
export class ProviderRegistry {
  constructor(private readonly deps: ProviderRegistryDeps) {}

  async forMerchant(merchantId: number, provider: string): Promise<PaymentProvider> {
    const account = await this.account(merchantId, provider);
    if (account === null) throw new DomainError('not_found', 'This payment method is not available.');
    const useStandIn = account.apiBase.startsWith('standin://');
    const fetchImpl = useStandIn ? this.deps.standInFetch : fetch;
    if (fetchImpl === null) throw new DomainError('not_found', 'This payment method is not available.');
    if (account.provider === 'demo') return new DemoPayProvider(account, fetchImpl);
    throw new DomainError('not_found', 'This payment method is not available.');
  }

  private async account(merchantId: number, provider: string): Promise<ProviderAccount | null> {
    const [row] = await this.deps.db
      .select()
      .from(paymentProviders)
      .where(
        and(
          eq(paymentProviders.merchantId, merchantId),
          eq(paymentProviders.provider, provider),
          eq(paymentProviders.enabled, true),
        ),
      );
    if (row === undefined) return null;
    const opened = this.deps.kek.open(row.secretsSealed, providerSecretsAad(merchantId, provider));
    if (opened === null) return null;
    const secrets = JSON.parse(opened.toString('utf8')) as { apiKey: string; webhookSecret: string };
    return {
      provider: row.provider,
      apiBase: row.apiBase,
      apiKey: secrets.apiKey,
      webhookSecret: secrets.webhookSecret,
    };
  }
}
