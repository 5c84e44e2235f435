import { beforeAll, describe, expect, it } from 'vitest';
import { EncryptionErrorCode } from './encryption.js';
import {
  fromBase64,
  importRsaPublicKey,
  openPayload,
  PayloadError,
  sealPayload,
  toBase64,
  type OpenInput,
  type SealedRequest,
} from './payloadCrypto.js';

async function rsaPair() {
  return crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
}

const LOGIN = { username: 'ann', password: 'correct horse battery staple', type: 'username' };
let pair: CryptoKeyPair;
let other: CryptoKeyPair;
let sealed: SealedRequest;

beforeAll(async () => {
  [pair, other] = await Promise.all([rsaPair(), rsaPair()]);
  const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  sealed = await sealPayload(await importRsaPublicKey(spki), 'k1', 'POST', '/wps/session/login', LOGIN);
});

function input(patch: Partial<OpenInput> = {}): OpenInput {
  return {
    encryption: sealed.headers.Encryption,
    digest: sealed.headers['X-Digest'],
    rsa: sealed.headers['X-RSA'],
    body: sealed.body,
    method: 'POST',
    path: '/wps/session/login',
    ...patch,
  };
}

const keys = (keyId: string) => Promise.resolve(keyId === 'k1' ? pair.privateKey : null);

function flipByte(base64: string, at: number): string {
  const bytes = fromBase64(base64) ?? new Uint8Array();
  const index = at < 0 ? bytes.length + at : at;
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return toBase64(bytes);
}

describe('payload encryption round trip', () => {
  it('opens what it sealed, with the documented headers', async () => {
    expect(sealed.headers.Encryption).toBe('v1');
    expect(sealed.headers['X-Digest']).toMatch(/^sha-256=[A-Za-z0-9+/]{43}=$/);
    expect(sealed.headers['X-RSA']).toMatch(/^k1\.[A-Za-z0-9+/]+=*$/);
    expect(JSON.stringify(sealed.body)).not.toContain('correct horse');
    await expect(openPayload(input(), keys)).resolves.toEqual(LOGIN);
  });

  it('seals with a fresh key and iv every time', async () => {
    const again = await sealPayload(pair.publicKey, 'k1', 'POST', '/wps/session/login', LOGIN);
    expect(again.body.payload).not.toBe(sealed.body.payload);
    expect(again.headers['X-RSA']).not.toBe(sealed.headers['X-RSA']);
    expect(again.headers['X-Digest']).toBe(sealed.headers['X-Digest']);
  });

  it.each<[string, () => Partial<OpenInput>, string]>([
    ['no Encryption header', () => ({ encryption: undefined }), EncryptionErrorCode.UNSUPPORTED_VERSION],
    ['another version', () => ({ encryption: 'v2' }), EncryptionErrorCode.UNSUPPORTED_VERSION],
    ['no X-RSA', () => ({ rsa: undefined }), EncryptionErrorCode.MALFORMED],
    [
      'X-RSA without key id',
      () => ({ rsa: sealed.headers['X-RSA'].replace(/^k1/, '') }),
      EncryptionErrorCode.MALFORMED,
    ],
    ['X-RSA not base64', () => ({ rsa: 'k1.%%%' }), EncryptionErrorCode.MALFORMED],
    [
      'unknown key id',
      () => ({ rsa: sealed.headers['X-RSA'].replace(/^k1/, 'k9') }),
      EncryptionErrorCode.UNKNOWN_KEY,
    ],
    ['body not an object', () => ({ body: 'x' }), EncryptionErrorCode.MALFORMED],
    ['payload not base64', () => ({ body: { payload: 'not base64!' } }), EncryptionErrorCode.MALFORMED],
    [
      'payload truncated below iv and tag',
      () => ({ body: { payload: toBase64(new Uint8Array(20)) } }),
      EncryptionErrorCode.MALFORMED,
    ],
    [
      'payload truncated by one byte',
      () => ({
        body: { payload: toBase64((fromBase64(sealed.body.payload) ?? new Uint8Array()).slice(0, -1)) },
      }),
      EncryptionErrorCode.DECRYPT_FAILED,
    ],
    [
      'ciphertext byte flipped',
      () => ({ body: { payload: flipByte(sealed.body.payload, 20) } }),
      EncryptionErrorCode.DECRYPT_FAILED,
    ],
    [
      'tag byte flipped',
      () => ({ body: { payload: flipByte(sealed.body.payload, -1) } }),
      EncryptionErrorCode.DECRYPT_FAILED,
    ],
    [
      'iv byte flipped',
      () => ({ body: { payload: flipByte(sealed.body.payload, 0) } }),
      EncryptionErrorCode.DECRYPT_FAILED,
    ],
    [
      'wrapped key flipped',
      () => ({ rsa: `k1.${flipByte(sealed.headers['X-RSA'].slice(3), 5)}` }),
      EncryptionErrorCode.DECRYPT_FAILED,
    ],
    [
      'replayed to another path',
      () => ({ path: '/wps/member/register' }),
      EncryptionErrorCode.DECRYPT_FAILED,
    ],
    ['replayed with another method', () => ({ method: 'PUT' }), EncryptionErrorCode.DECRYPT_FAILED],
    ['digest missing', () => ({ digest: undefined }), EncryptionErrorCode.MALFORMED],
    [
      'digest of something else',
      () => ({ digest: 'sha-256=' + 'A'.repeat(43) + '=' }),
      EncryptionErrorCode.DIGEST_MISMATCH,
    ],
  ])('rejects %s', async (_name, patch, errorCode) => {
    const error = await openPayload(input(patch()), keys).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayloadError);
    expect((error as PayloadError).errorCode).toBe(errorCode);
  });

  it('drops __proto__ keys from an opened payload', async () => {
    const poisoned = await sealPayload(
      pair.publicKey,
      'k1',
      'POST',
      '/wps/session/login',
      JSON.parse('{"a":1,"__proto__":{"admin":true}}'),
    );
    const opened = await openPayload(
      input({ rsa: poisoned.headers['X-RSA'], body: poisoned.body, digest: poisoned.headers['X-Digest'] }),
      keys,
    );
    expect(opened).toEqual({ a: 1 });
    expect(Object.prototype.hasOwnProperty.call(opened, '__proto__')).toBe(false);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  it('rejects a body sealed for another server key', async () => {
    const foreign = await sealPayload(other.publicKey, 'k1', 'POST', '/wps/session/login', LOGIN);
    const error = await openPayload(
      input({ rsa: foreign.headers['X-RSA'], body: foreign.body, digest: foreign.headers['X-Digest'] }),
      keys,
    ).catch((caught: unknown) => caught);
    expect((error as PayloadError).errorCode).toBe(EncryptionErrorCode.DECRYPT_FAILED);
  });
});

describe('base64', () => {
  it.each([
    ['', new Uint8Array()],
    ['AA==', new Uint8Array([0])],
    ['AAE=', new Uint8Array([0, 1])],
    ['AAEC', new Uint8Array([0, 1, 2])],
  ])('%j round-trips', (text, bytes) => {
    expect(fromBase64(text)).toEqual(bytes);
    expect(toBase64(bytes)).toBe(text);
  });

  it.each([['A'], ['AA='], ['AA=A'], ['A-_B'], [' AAEC'], ['AAEC\n']])('%j is refused', (text) => {
    expect(fromBase64(text)).toBeNull();
  });
});
