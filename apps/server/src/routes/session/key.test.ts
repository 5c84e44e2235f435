import { EncryptionErrorCode, type RsaPublicKey } from '@wps/contract/encryption';
import { fromBase64 } from '@wps/contract/payloadCrypto';
import type { WpsFailure, WpsSuccess } from '@wps/contract/envelope';
import { endpoints } from '@wps/contract/endpoints';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/client.js';
import { rsaKeys } from '../../db/schema/index.js';
import { HOUR, MINUTE, TestClock } from '../../test/clock.js';
import { fetchKey, seal, sendSealed } from '../../test/sealed.js';
import { useSharedApps } from '../../test/shared-apps.js';
import { backends, countCollectedEvents, testConfig, useTestApp } from '../../test/test-app.js';

const COLLECT = endpoints.collect.path;

async function keyRows(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rsaKeys);
  return row?.n ?? 0;
}

describe.each(backends)('GET /wps/session/key/rsa (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('answers the current RSA-OAEP-256 public key, never cached', async () => {
    const response = await t.app.inject({ url: `${endpoints.sessionKey.path}?_=${Date.now()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { value } = response.json() as WpsSuccess<RsaPublicKey>;
    expect(Object.keys(value).sort()).toEqual(['algorithm', 'expiresAt', 'keyId', 'publicKey']);
    expect(value.algorithm).toBe('RSA-OAEP-256');
    expect(value.keyId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(value.expiresAt).toBe(new Date(clock.now() + 24 * HOUR).toISOString());
    const spki = fromBase64(value.publicKey);
    expect(spki).not.toBeNull();
    const imported = await crypto.subtle.importKey(
      'spki',
      spki ?? new Uint8Array(),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      true,
      ['encrypt'],
    );
    expect((imported.algorithm as { modulusLength?: number }).modulusLength).toBe(2048);
  });

  it('answers the same key to every caller until it rotates', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => fetchKey(t.app)));
    expect(new Set(keys.map((key) => key.keyId)).size).toBe(1);
  });

  it('stores the private key sealed, never as plain PKCS#8', async () => {
    const key = await fetchKey(t.app);
    const [row] = await t.db.select().from(rsaKeys).where(eq(rsaKeys.id, key.keyId));
    expect(row?.privateKeySealed).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    // PKCS#8 DER of an RSA key starts with SEQUENCE (30 82), in base64 "MII".
    expect(row?.privateKeySealed.slice(3, 6)).not.toBe('MII');
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
  });

  it('accepts the previous key within the grace, refuses it after, and refuses older keys', async () => {
    const accepted = async (key: RsaPublicKey) => {
      const before = await countCollectedEvents(t.db);
      const sealed = await seal(key, COLLECT, { merchant: 'aurora', value: { key: key.keyId } });
      const response = await sendSealed(t.app, { url: COLLECT, ...sealed });
      const written = (await countCollectedEvents(t.db)) - before;
      if (response.statusCode === 200 && written === 1) return true;
      expect(response.statusCode).toBe(400);
      expect((response.json() as WpsFailure).errorCode).toBe(EncryptionErrorCode.UNKNOWN_KEY);
      expect(written).toBe(0);
      return false;
    };

    const first = await fetchKey(t.app);
    expect(await accepted(first)).toBe(true);

    clock.set(Date.parse(first.expiresAt) - 1);
    expect((await fetchKey(t.app)).keyId).toBe(first.keyId);

    clock.set(Date.parse(first.expiresAt) + MINUTE);
    const second = await fetchKey(t.app);
    expect(second.keyId).not.toBe(first.keyId);
    expect(second.expiresAt).toBe(new Date(clock.now() + 24 * HOUR).toISOString());
    expect(await accepted(second)).toBe(true);
    expect(await accepted(first)).toBe(true);

    clock.set(Date.parse(first.expiresAt) + 60 * MINUTE - 1);
    expect(await accepted(first)).toBe(true);
    clock.set(Date.parse(first.expiresAt) + 60 * MINUTE);
    expect(await accepted(first)).toBe(false);
    expect(await accepted(second)).toBe(true);

    clock.set(Date.parse(second.expiresAt) + MINUTE);
    const third = await fetchKey(t.app);
    expect(new Set([first.keyId, second.keyId, third.keyId]).size).toBe(3);
    expect(await accepted(third)).toBe(true);
    expect(await accepted(second)).toBe(true);
    expect(await accepted(first)).toBe(false);
  });
});

describe.each(backends)('RSA keys when SECRET_KEY changes (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('makes a new key rather than hand out one it cannot open', async () => {
    const old = await fetchKey(t.app);
    const other = await buildApp({
      config: testConfig({ secretKey: 'another-secret-key-of-enough-length-9876543210' }),
      database: t.database,
      now: clock.now,
    });
    try {
      const sealed = await seal(old, COLLECT, { value: 'x' });
      const refused = await sendSealed(other, { url: COLLECT, ...sealed });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as WpsFailure).errorCode).toBe(EncryptionErrorCode.UNKNOWN_KEY);

      const fresh = await fetchKey(other);
      expect(fresh.keyId).not.toBe(old.keyId);
      const resealed = await seal(fresh, COLLECT, { value: 'y' });
      expect((await sendSealed(other, { url: COLLECT, ...resealed })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

// Instances share keys only through a shared PostgreSQL; an in-memory PGlite has one instance.
const sharedBackends = backends.filter((backend) => backend === 'postgres');

describe.each(sharedBackends)('RSA keys across instances (%s)', (backend) => {
  const clock = new TestClock();
  const shared = useSharedApps(backend, 3, { now: clock.now });

  it('instances rotating at the same moment create one key, and each opens what another handed out', async () => {
    const [firstApp] = shared.apps;
    if (firstApp === undefined) throw new Error('no app');
    const first = await fetchKey(firstApp);
    expect(await keyRows(shared.db)).toBe(1);

    clock.set(Date.parse(first.expiresAt) + MINUTE);
    const answers = await Promise.all(
      shared.apps.flatMap((app) => [fetchKey(app), fetchKey(app), fetchKey(app)]),
    );
    expect(new Set(answers.map((answer) => answer.keyId)).size).toBe(1);
    expect(answers[0]?.keyId).not.toBe(first.keyId);
    expect(await keyRows(shared.db)).toBe(2);

    for (const [index, app] of shared.apps.entries()) {
      // The key as the next instance handed it out (each instance answered three times).
      const key = answers[((index + 1) % shared.apps.length) * 3] ?? first;
      const sealed = await seal(key, COLLECT, { value: `instance ${index}` });
      expect((await sendSealed(app, { url: COLLECT, ...sealed })).statusCode).toBe(200);
    }
  });
});
