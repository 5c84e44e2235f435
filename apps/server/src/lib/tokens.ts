import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url: session tokens, verify tokens, captcha passes, challenges. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * HMAC of short codes (6 digits are too few for a bare hash): keyed by a key derived from
 * SECRET_KEY and bound to the destination, so a row's hash neither reveals nor fits another row.
 */
export class CodeHasher {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'wps verification codes', 'code hmac v1', 32));
  }

  hash(destination: string, code: string): string {
    return createHmac('sha256', this.key).update(`${destination}\n${code}`).digest('hex');
  }

  matches(destination: string, code: string, stored: string): boolean {
    const actual = Buffer.from(this.hash(destination, code), 'hex');
    const expected = Buffer.from(stored, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
