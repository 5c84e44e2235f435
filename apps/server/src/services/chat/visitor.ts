import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Visitors' pseudo-identities: a random id the server issues, signed for one merchant, kept by the
 * browser (and dropped on logout). A forged or another merchant's id is refused, never adopted.
 */
export class VisitorIds {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'wps chat', 'visitor id v1', 32));
  }

  issue(merchantId: number): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(merchantId, id)}`;
  }

  /** The id when `value` is one this server issued for the merchant, else null. */
  verify(merchantId: number, value: string): string | null {
    const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(value);
    if (match === null) return null;
    const [, id = '', mac = ''] = match;
    const expected = Buffer.from(this.mac(merchantId, id));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
  }

  private mac(merchantId: number, id: string): string {
    return createHmac('sha256', this.key)
      .update(`${merchantId}:${id}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
