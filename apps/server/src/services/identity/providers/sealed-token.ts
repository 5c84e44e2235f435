import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Opaque, expiring, merchant-bound tokens the server hands out and takes back without storing them
 * (the LINE session token, the stand-ins' codes). AES-256-GCM under a key derived from SECRET_KEY
 * with HKDF for one `purpose`; the purpose and the merchant id are the authenticated data, so a
 * token opens only for the purpose and the merchant it was sealed for, and nothing in it can be
 * read or changed by its holder. Instances sharing SECRET_KEY open each other's tokens.
 */
export class SealedTokens<Payload extends object> {
  private readonly key: Buffer;

  constructor(
    secretKey: string,
    private readonly purpose: string,
    private readonly ttlMs: number,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'wps sealed tokens', `${purpose} v1`, 32));
  }

  seal(payload: Payload, merchantId: number, nowMs: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(this.aad(merchantId));
    const body = Buffer.from(JSON.stringify({ p: payload, e: nowMs + this.ttlMs }), 'utf8');
    return Buffer.concat([iv, cipher.update(body), cipher.final(), cipher.getAuthTag()]).toString(
      'base64url',
    );
  }

  /** The payload, or null: not ours, another purpose or merchant, changed, or expired. */
  open(token: string, merchantId: number, nowMs: number): Payload | null {
    if (!TOKEN_PATTERN.test(token)) return null;
    const sealed = Buffer.from(token, 'base64url');
    if (sealed.length <= IV_BYTES + TAG_BYTES) return null;
    let text: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      })
        .setAAD(this.aad(merchantId))
        .setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      text = Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
    const { p, e } = JSON.parse(text) as { p: Payload; e: number };
    return nowMs < e ? p : null;
  }

  private aad(merchantId: number): Buffer {
    return Buffer.from(`${this.purpose}:${merchantId}`);
  }
}
