import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { seamlessVendors } from '../../../db/schema/index.js';
import type { KeyEncryptionKey } from '../../keys/key-encryption-key.js';

const SECRET_BYTES = 32;

const sealLabel = (vendorId: string) => `seamless-vendor:${vendorId}`;

/**
 * The vendors allowed to call the seamless wallet and their signing secrets, sealed at rest with the
 * key-encryption key (bound to the vendor's id, so rows cannot swap secrets). A secret is read once
 * and kept: it changes only by a new row, which a restart picks up.
 */
export class SeamlessVendors {
  private readonly secrets = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: Db,
    private readonly kek: KeyEncryptionKey,
  ) {}

  /** The vendor's secret, or null for a vendor we do not know (or whose secret does not open). */
  secret(vendorId: string): Promise<Buffer | null> {
    let secret = this.secrets.get(vendorId);
    if (secret === undefined) {
      secret = this.load(vendorId);
      this.secrets.set(vendorId, secret);
      // An unknown vendor (or a failed read) is not kept: the vendor may be added while we run.
      const forget = () => {
        if (this.secrets.get(vendorId) === secret) this.secrets.delete(vendorId);
      };
      void secret.then((found) => {
        if (found === null) forget();
      }, forget);
    }
    return secret;
  }

  /**
   * The vendor's secret, created at random the first time (our own demo vendor: its secret never
   * leaves this server). Two servers racing both end up with the row that won.
   */
  async ensure(vendorId: string): Promise<Buffer> {
    const known = await this.secret(vendorId);
    if (known !== null) return known;
    await this.db
      .insert(seamlessVendors)
      .values({ id: vendorId, secretSealed: this.kek.seal(randomBytes(SECRET_BYTES), sealLabel(vendorId)) })
      .onConflictDoNothing();
    this.secrets.delete(vendorId);
    const created = await this.secret(vendorId);
    if (created === null) throw new Error(`the secret of vendor ${vendorId} does not open`);
    return created;
  }

  private async load(vendorId: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ sealed: seamlessVendors.secretSealed })
      .from(seamlessVendors)
      .where(eq(seamlessVendors.id, vendorId));
    return row === undefined ? null : this.kek.open(row.sealed, sealLabel(vendorId));
  }
}
