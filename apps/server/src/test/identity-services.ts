import { createTrustServices } from '../services/trust/index.js';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../config.js';
import type { Backend, Db } from '../db/client.js';
import {
  createIdentityServices,
  customerByUsername,
  type AuthenticatedSession,
  type Customer,
  type IdentityServices,
} from '../services/identity/index.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { findMerchantByCode, type Merchant } from '../services/merchants/repository.js';
import { createStandIns } from '../stand-ins/index.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { prepareTestDatabase, testConfig } from './test-app.js';

export interface IdentityServicesFixture {
  readonly identity: IdentityServices;
  readonly db: Db;
  merchant(code: string): Promise<Merchant>;
  customer(merchant: Merchant, username: string): Promise<Customer>;
  /** A new session of the member, as a login would open it, read back as a request would. */
  session(merchant: Merchant, customer: Customer): Promise<AuthenticatedSession & { token: string }>;
}

/**
 * The identity services (with the stand-ins, unless the configuration turns them off) on a seeded database of their own, without an app or HTTP: for tests of the
 * rules themselves. One database per describe block, as `useTestApp`.
 */
export function useIdentityServices(
  backend: Backend,
  options: { config?: Partial<ServerConfig>; now?: () => number } = {},
): IdentityServicesFixture {
  let state: { identity: IdentityServices; testDatabase: TestDatabase } | undefined;

  beforeAll(async () => {
    const testDatabase = await createTestDatabase(backend);
    const config = testConfig(options.config);
    const now = options.now ?? Date.now;
    await prepareTestDatabase(testDatabase.database, config, now);
    const secretKey = config.secretKey ?? '';
    const db = testDatabase.database.db;
    const kek = new KeyEncryptionKey(secretKey);
    const identity = createIdentityServices({
      config,
      db,
      secretKey,
      kek,
      now,
      standIns: config.identityStandIns ? createStandIns({ config, db, kek, now }).identity : null,
      logError: () => undefined,
      trust: createTrustServices({ db, now, cacheTtlMs: 0 }).gate,
    });
    state = { identity, testDatabase };
  });

  afterAll(async () => {
    await state?.testDatabase.dispose();
  });

  const current = () => {
    if (state === undefined) throw new Error('the identity services are not ready');
    return state;
  };
  const db = () => current().testDatabase.database.db;
  return {
    get identity() {
      return current().identity;
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
      const { sessions } = current().identity;
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
