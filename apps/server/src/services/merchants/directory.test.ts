import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantDomains } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { backends, merchantRow, prepareTestDatabase, testConfig } from '../../test/test-app.js';
import { MerchantDirectory } from './directory.js';

/** A domain of its own for Lotus, so the table has a host found through the domain lookup. */
const LOTUS_DOMAIN = 'lotus-shop.example';

describe.each(backends)('MerchantDirectory.byHostCached (%s)', (backend) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(backend);
    await prepareTestDatabase(testDatabase.database, testConfig());
    const lotus = await merchantRow(testDatabase.database.db, 'lotus');
    await testDatabase.database.db
      .insert(merchantDomains)
      .values({ domain: LOTUS_DOMAIN, merchantId: lotus.id, listed: false });
  });

  afterAll(async () => {
    await testDatabase.dispose();
  });

  // before: what the cached lookup answers before any load (undefined: it cannot tell yet).
  it.each([
    { host: 'localhost', before: undefined, code: 'aurora' },
    { host: 'LOCALHOST.:8080', before: undefined, code: 'aurora' },
    { host: 'lotus.localhost', before: undefined, code: 'lotus' },
    { host: `${LOTUS_DOMAIN}`, before: undefined, code: 'lotus' },
    { host: 'nobody.localhost', before: undefined, code: null },
    { host: 'unknown.example', before: undefined, code: null },
    { host: 'localhost:9999', before: null, code: null },
    { host: 'a b', before: null, code: null },
    { host: 'user@localhost', before: null, code: null },
    { host: '', before: null, code: null },
  ])('$host: $before before a load, then what byHost answers', async ({ host, before, code }) => {
    const directory = new MerchantDirectory(testDatabase.database.db, 'aurora', 60_000, new Set([8080, 80]));
    expect(directory.byHostCached(host)).toBe(before);
    const loaded = await directory.byHost(host);
    expect(loaded?.code ?? null).toBe(code);
    // The same object (or the same null) from the caches, without a promise.
    expect(directory.byHostCached(host)).toBe(loaded);
    directory.clear();
    expect(directory.byHostCached(host)).toBe(before);
  });

  it('caches nothing with a TTL of 0, so every call loads', async () => {
    const directory = new MerchantDirectory(testDatabase.database.db, 'aurora', 0);
    expect((await directory.byHost('localhost'))?.code).toBe('aurora');
    expect(directory.byHostCached('localhost')).toBeUndefined();
  });

  it('answers the same after a flood of made-up hosts (the remembered parses are bounded)', async () => {
    const directory = new MerchantDirectory(testDatabase.database.db, 'aurora', 60_000, new Set([8080, 80]));
    const aurora = await directory.byHost('localhost');
    for (let n = 0; n < 3_000; n += 1) expect(directory.byHostCached(`x${n}.invalid:9999`)).toBeNull();
    expect(directory.byHostCached('localhost')).toBe(aurora);
    expect(directory.byHostCached('localhost:9999')).toBeNull();
    expect((await directory.byHost('lotus.localhost'))?.code).toBe('lotus');
  });
});
