import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 TOTP with HMAC-SHA-1 (what authenticator apps use): 30 s steps, 6 digits, ±1 step. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes RFC 4648 base32 (case, spaces and padding ignored); null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value (RFC 4226) of `counter`. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totp(
  key: Uint8Array,
  timeMs: number,
  options: { digits?: number; algorithm?: string; stepSeconds?: number } = {},
): string {
  const step = options.stepSeconds ?? TOTP_STEP_SECONDS;
  return hotp(key, Math.floor(timeMs / 1000 / step), options.digits ?? TOTP_DIGITS, options.algorithm);
}

/** Whether `code` is the TOTP of the current step or the one before or after it. */
export function verifyTotp(secretBase32: string, code: string, timeMs: number): boolean {
  const key = base32Decode(secretBase32);
  if (key === null || !/^[0-9]{6}$/.test(code)) return false;
  const counter = Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
  let match = false;
  for (const delta of [-1, 0, 1]) {
    const expected = hotp(key, counter + delta);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) match = true;
  }
  return match;
}
