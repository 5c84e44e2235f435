import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../config.js';
import type { Backend, Db } from '../db/client.js';
import { customerByUsername } from '../services/identity/customers.js';
import { createAccountServices, type AccountServices } from '../services/identity/services.js';
import type { AuthenticatedSession, Customer } from '../services/identity/sessions.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { findMerchantByCode, type Merchant } from '../services/merchants/repository.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { prepareTestDatabase, testConfig } from './test-app.js';

export interface AccountServicesFixture {
  readonly accounts: AccountServices;
  readonly db: Db;
  merchant(code: string): Promise<Merchant>;
  customer(merchant: Merchant, username: string): Promise<Customer>;
  /** A new session of the member, as a login would open it, read back as a request would. */
  session(merchant: Merchant, customer: Customer): Promise<AuthenticatedSession & { token: string }>;
}

/**
 * The account services on a seeded database of their own, without an app or HTTP: for tests of the
 * rules themselves. One database per describe block, as `useTestApp`.
 */
export function useAccountServices(
  backend: Backend,
  options: { config?: Partial<ServerConfig>; now?: () => number } = {},
): AccountServicesFixture {
  let state: { accounts: AccountServices; testDatabase: TestDatabase } | undefined;

  beforeAll(async () => {
    const testDatabase = await createTestDatabase(backend);
    const config = testConfig(options.config);
    const now = options.now ?? Date.now;
    await prepareTestDatabase(testDatabase.database, config, now);
    const secretKey = config.secretKey ?? '';
    const accounts = createAccountServices({
      config,
      db: testDatabase.database.db,
      secretKey,
      kek: new KeyEncryptionKey(secretKey),
      now,
      logError: () => undefined,
    });
    state = { accounts, testDatabase };
  });

  afterAll(async () => {
    await state?.testDatabase.dispose();
  });

  const current = () => {
    if (state === undefined) throw new Error('the account services are not ready');
    return state;
  };
  const db = () => current().testDatabase.database.db;
  return {
    get accounts() {
      return current().accounts;
    },
    get db() {
      return db();
    },
    async merchant(code) {
      const merchant = await findMerchantByCode(db(), code);
      if (merchant === null) throw new Error(`no merchant ${code}`);
      return merchant;
    },
    async customer(merchant, username) {
      const customer = await customerByUsername(db(), merchant.id, username);
      if (customer === null) throw new Error(`no member ${username}`);
      return customer;
    },
    async session(merchant, customer) {
      const { sessions } = current().accounts;
      const token = await sessions.create(db(), {
        merchantId: merchant.id,
        customerId: customer.id,
        ip: '127.0.0.1',
        bindIp: false,
      });
      return { token, ...(await sessions.authenticate(token, merchant.id, '127.0.0.1')) };
    },
  };
}
