import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, totp, verifyTotp } from './totp.js';

// RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s matches the RFC test vectors', (seconds, sha1, sha256, sha512) => {
    expect(totp(SEED_SHA1, seconds * 1000, { digits: 8 })).toBe(sha1);
    expect(totp(SEED_SHA256, seconds * 1000, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(SEED_SHA512, seconds * 1000, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314'];
    expected.forEach((code, counter) => expect(hotp(SEED_SHA1, counter)).toBe(code));
  });

  it('accepts the current step and one either side, nothing further', () => {
    const secret = base32Encode(SEED_SHA1);
    const at = 1_111_111_111_000;
    expect(verifyTotp(secret, totp(SEED_SHA1, at), at)).toBe(true);
    expect(verifyTotp(secret, totp(SEED_SHA1, at - 30_000), at)).toBe(true);
    expect(verifyTotp(secret, totp(SEED_SHA1, at + 30_000), at)).toBe(true);
    expect(verifyTotp(secret, totp(SEED_SHA1, at - 90_000), at)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', at)).toBe(false);
    expect(verifyTotp('not base32!', '123456', at)).toBe(false);
  });

  it('round-trips base32', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======')?.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi')?.toString()).toBe('foobar');
  });
});
