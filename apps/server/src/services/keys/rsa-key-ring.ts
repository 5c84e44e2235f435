import { randomBytes } from 'node:crypto';
import { toBase64, type WebCryptoKey } from '@wps/contract/payloadCrypto';
import type { RsaPublicKey } from '@wps/contract/encryption';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rsaKeys } from '../../db/schema/index.js';
import type { KeyEncryptionKey } from './key-encryption-key.js';

const RSA_OAEP_2048 = {
  name: 'RSA-OAEP',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const;

/** At most the current and the previous key are accepted; a few more ids absorb a rotation race. */
const MAX_CACHED_PRIVATE_KEYS = 8;

export interface RsaKeyRingOptions {
  db: Db;
  kek: KeyEncryptionKey;
  rotationMs: number;
  graceMs: number;
  now: () => number;
  /** Key ids only, never key material. */
  logError: (details: { keyId: string }, message: string) => void;
}

type KeyRow = typeof rsaKeys.$inferSelect;

/**
 * The RSA keys of payload encryption, stored in the database so every instance hands out and
 * accepts the same ones. A key is handed out until `currentUntil`; the first call after that
 * inserts the next key under a unique `sequence`, so instances rotating at once make exactly one.
 * A key opens payloads until `acceptedUntil` (its grace); older keys are refused.
 */
export class RsaKeyRing {
  private current: { answer: RsaPublicKey; currentUntil: number } | null = null;
  private creating: Promise<void> | null = null;
  private readonly privateKeys = new Map<string, { key: WebCryptoKey; acceptedUntil: number }>();

  constructor(private readonly options: RsaKeyRingOptions) {}

  async currentPublicKey(): Promise<RsaPublicKey> {
    const now = this.options.now();
    // Rows never change, and the next key only appears after currentUntil, so this cannot go stale.
    if (this.current !== null && now < this.current.currentUntil) return this.current.answer;

    let latest = await this.latest();
    if (latest === undefined || !this.handsOut(latest, now)) {
      await this.createNext((latest?.sequence ?? 0) + 1);
      latest = await this.latest();
    }
    if (latest === undefined) throw new Error('no RSA key after creating one');
    const answer: RsaPublicKey = {
      keyId: latest.id,
      publicKey: latest.publicKey,
      algorithm: 'RSA-OAEP-256',
      expiresAt: latest.currentUntil.toISOString(),
    };
    this.current = { answer, currentUntil: latest.currentUntil.getTime() };
    return answer;
  }

  /** The private key of `keyId` while it is accepted; null for unknown, retired or unreadable keys. */
  async privateKey(keyId: string): Promise<WebCryptoKey | null> {
    const now = this.options.now();
    const cached = this.privateKeys.get(keyId);
    if (cached !== undefined) return now < cached.acceptedUntil ? cached.key : null;

    const [row] = await this.options.db.select().from(rsaKeys).where(eq(rsaKeys.id, keyId));
    if (row === undefined || now >= row.acceptedUntil.getTime()) return null;
    const pkcs8 =
      row.sealedWith === this.options.kek.id ? this.options.kek.open(row.privateKeySealed, row.id) : null;
    if (pkcs8 === null) {
      this.options.logError({ keyId }, 'stored RSA key cannot be opened with this SECRET_KEY');
      return null;
    }
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, RSA_OAEP_2048, false, ['decrypt']);
    pkcs8.fill(0);
    this.remember(keyId, key, row.acceptedUntil.getTime());
    return key;
  }

  private handsOut(row: KeyRow, now: number): boolean {
    if (row.sealedWith !== this.options.kek.id) {
      // SECRET_KEY changed (or instances disagree on it): a key nobody here can open is useless.
      this.options.logError(
        { keyId: row.id },
        'current RSA key was sealed with another SECRET_KEY; rotating',
      );
      return false;
    }
    return now < row.currentUntil.getTime();
  }

  private async latest(): Promise<KeyRow | undefined> {
    const [row] = await this.options.db.select().from(rsaKeys).orderBy(desc(rsaKeys.sequence)).limit(1);
    return row;
  }

  /** One generation per instance at a time; across instances the unique sequence picks one winner. */
  private createNext(sequence: number): Promise<void> {
    this.creating ??= this.insertKey(sequence).finally(() => {
      this.creating = null;
    });
    return this.creating;
  }

  private async insertKey(sequence: number): Promise<void> {
    const pair = await crypto.subtle.generateKey(RSA_OAEP_2048, true, ['encrypt', 'decrypt']);
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    const id = randomBytes(12).toString('base64url');
    const now = this.options.now();
    const currentUntil = now + this.options.rotationMs;
    await this.options.db
      .insert(rsaKeys)
      .values({
        id,
        sequence,
        publicKey: toBase64(spki),
        privateKeySealed: this.options.kek.seal(pkcs8, id),
        sealedWith: this.options.kek.id,
        currentUntil: new Date(currentUntil),
        acceptedUntil: new Date(currentUntil + this.options.graceMs),
      })
      .onConflictDoNothing({ target: rsaKeys.sequence });
    pkcs8.fill(0);
  }

  private remember(keyId: string, key: WebCryptoKey, acceptedUntil: number): void {
    const now = this.options.now();
    for (const [id, entry] of this.privateKeys) {
      if (entry.acceptedUntil <= now) this.privateKeys.delete(id);
    }
    while (this.privateKeys.size >= MAX_CACHED_PRIVATE_KEYS) {
      const oldest = this.privateKeys.keys().next();
      if (oldest.done === true) break;
      this.privateKeys.delete(oldest.value);
    }
    this.privateKeys.set(keyId, { key, acceptedUntil });
  }
}
