import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushVapidKeys } from '../../db/schema/index.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point browsers take as applicationServerKey. */
  publicKey: string;
  /** base64url, 32 bytes; never leaves the server. */
  privateKey: string;
}

const aad = (merchantId: number) => `vapid:${merchantId}`;

/**
 * The merchant's VAPID key pair, generated on first use and stored with its private key sealed by the
 * key-encryption key (as the RSA keys are). Two instances racing keep the first pair written.
 * A pair sealed under another SECRET_KEY cannot be opened: it is replaced (old subscriptions then
 * fail with 403 at the push service and are bound again by the page).
 */
export async function vapidKeysFor(db: Db, kek: KeyEncryptionKey, merchantId: number): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.merchantId, merchantId));
    if (row === undefined || row.sealedWith !== kek.id) return { row, keys: null };
    const privateKey = kek.open(row.privateKeySealed, aad(merchantId));
    return {
      row,
      keys: privateKey ? { publicKey: row.publicKey, privateKey: privateKey.toString('utf8') } : null,
    };
  };
  const first = await read();
  if (first.keys) return first.keys;
  const fresh = webpush.generateVAPIDKeys();
  const values = {
    merchantId,
    publicKey: fresh.publicKey,
    privateKeySealed: kek.seal(Buffer.from(fresh.privateKey, 'utf8'), aad(merchantId)),
    sealedWith: kek.id,
  };
  if (first.row === undefined) await db.insert(pushVapidKeys).values(values).onConflictDoNothing();
  else await db.update(pushVapidKeys).set(values).where(eq(pushVapidKeys.merchantId, merchantId));
  const second = await read();
  if (!second.keys) throw new Error('VAPID keys could not be stored');
  return second.keys;
}
