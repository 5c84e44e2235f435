import { EncryptionErrorCode, type RsaPublicKey } from '@wps/contract/encryption';
import { ErrorCode } from '@wps/contract/errorCodes';
import { fromBase64, sha256Digest, toBase64, type SealedRequest } from '@wps/contract/payloadCrypto';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import type { WpsFailure } from '@wps/contract/envelope';
import { endpoints } from '@wps/contract/endpoints';
import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectedEvents } from '../db/schema/index.js';
import { fetchKey, seal, sendSealed, type SealedPost } from '../test/sealed.js';
import { backends, countCollectedEvents, useTestApp } from '../test/test-app.js';
import { ENCRYPTED_BODY_LIMIT_BYTES } from './encrypted-body.js';

const COLLECT = endpoints.collect.path;
const BEACON = { merchant: 'aurora', value: { event: 'login', secret: 'correct horse' } };

/** The same bytes with one bit flipped at `at` (negative: from the end). */
function flip(base64: string, at: number): string {
  const bytes = fromBase64(base64) ?? new Uint8Array();
  const index = at < 0 ? bytes.length + at : at;
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return toBase64(bytes);
}

function flipWrappedKey(rsa: string): string {
  const [keyId = '', wrapped = ''] = rsa.split('.');
  return `${keyId}.${flip(wrapped, 10)}`;
}

/** A sealed body whose base64 lost its last 4 characters (3 bytes of the tag). */
function truncate(payload: string, keep: number): string {
  return toBase64((fromBase64(payload) ?? new Uint8Array()).subarray(0, keep));
}

describe.each(backends)('encrypted POST bodies (%s)', (backend) => {
  const t = useTestApp(backend);
  let key: RsaPublicKey;
  let sealed: SealedRequest;

  beforeAll(async () => {
    key = await fetchKey(t.app);
    sealed = await seal(key, COLLECT, BEACON);
  });

  const post = (patch: Partial<SealedPost> = {}) =>
    sendSealed(t.app, { url: COLLECT, headers: sealed.headers, body: sealed.body, ...patch });

  it('opens a sealed collect body before the route, which stores the decrypted value', async () => {
    const before = await countCollectedEvents(t.db);
    const response = await post();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });
    expect(await countCollectedEvents(t.db)).toBe(before + 1);
    const [row] = await t.db.select().from(collectedEvents).orderBy(desc(collectedEvents.id)).limit(1);
    expect(row).toMatchObject({ reportedMerchant: 'aurora', value: BEACON.value });
  });

  it('still takes plain bodies on the same path', async () => {
    const response = await sendSealed(t.app, { url: COLLECT, headers: {}, body: { value: 'plain' } });
    expect(response.statusCode).toBe(200);
  });

  it('runs the route validation on the decrypted JSON', async () => {
    const before = await countCollectedEvents(t.db);
    const invalid = await seal(key, COLLECT, { merchant: 'aurora', value: 5 });
    const response = await post({ headers: invalid.headers, body: invalid.body });
    expect(response.statusCode).toBe(400);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect(await countCollectedEvents(t.db)).toBe(before);
  });

  it('keeps the query string out of the sealed path', async () => {
    const response = await post({ url: `${COLLECT}?_=123` });
    expect(response.statusCode).toBe(200);
  });

  type Case = { name: string; status: number; code: string; patch: () => Promise<Partial<SealedPost>> };
  const headersWith = (patch: Record<string, string | undefined>) => ({ ...sealed.headers, ...patch });

  const cases: Case[] = [
    {
      name: 'flipped ciphertext',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => ({ body: { payload: flip(sealed.body.payload, 14) } }),
    },
    {
      name: 'flipped tag',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => ({ body: { payload: flip(sealed.body.payload, -1) } }),
    },
    {
      name: 'flipped iv',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => ({ body: { payload: flip(sealed.body.payload, 0) } }),
    },
    {
      name: 'flipped wrapped key',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => ({ headers: headersWith({ 'X-RSA': flipWrappedKey(sealed.headers['X-RSA']) }) }),
    },
    {
      name: 'truncated (tag cut short)',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => {
        const bytes = fromBase64(sealed.body.payload)?.length ?? 0;
        return { body: { payload: truncate(sealed.body.payload, bytes - 3) } };
      },
    },
    {
      name: 'truncated below iv and tag',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ body: { payload: truncate(sealed.body.payload, 27) } }),
    },
    {
      name: 'sealed for another path',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => {
        const other = await seal(key, '/wps/session/login', BEACON);
        return { headers: other.headers, body: other.body };
      },
    },
    {
      name: 'sealed for another method',
      status: 400,
      code: EncryptionErrorCode.DECRYPT_FAILED,
      patch: async () => {
        const other = await seal(key, COLLECT, BEACON, 'PUT');
        return { headers: other.headers, body: other.body };
      },
    },
    {
      name: 'digest of another payload',
      status: 400,
      code: EncryptionErrorCode.DIGEST_MISMATCH,
      patch: async () => ({
        headers: headersWith({ 'X-Digest': await sha256Digest(new TextEncoder().encode('{"value":"x"}')) }),
      }),
    },
    {
      name: 'digest without its prefix',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ headers: headersWith({ 'X-Digest': sealed.headers['X-Digest'].slice(8) }) }),
    },
    {
      name: 'unknown key id',
      status: 400,
      code: EncryptionErrorCode.UNKNOWN_KEY,
      patch: async () => ({
        headers: headersWith({ 'X-RSA': sealed.headers['X-RSA'].replace(/^[^.]+/, 'no-such-key') }),
      }),
    },
    {
      name: 'garbage base64 payload',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ body: { payload: 'not*base64!' } }),
    },
    {
      name: 'garbage base64 wrapped key',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ headers: headersWith({ 'X-RSA': `${key.keyId}.@@@` }) }),
    },
    {
      name: 'X-RSA without a key id',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({
        headers: headersWith({ 'X-RSA': sealed.headers['X-RSA'].replace(/^[^.]+/, '') }),
      }),
    },
    {
      name: 'payload missing from the body',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ body: { value: 'x' } }),
    },
    {
      name: 'payload not a string',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ body: { payload: 42 } }),
    },
    {
      name: 'missing X-RSA',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ headers: headersWith({ 'X-RSA': undefined }) }),
    },
    {
      name: 'missing X-Digest',
      status: 400,
      code: EncryptionErrorCode.MALFORMED,
      patch: async () => ({ headers: headersWith({ 'X-Digest': undefined }) }),
    },
    {
      name: 'missing Encryption (other headers present)',
      status: 400,
      code: EncryptionErrorCode.UNSUPPORTED_VERSION,
      patch: async () => ({ headers: headersWith({ Encryption: undefined }) }),
    },
    {
      name: 'wrong version',
      status: 400,
      code: EncryptionErrorCode.UNSUPPORTED_VERSION,
      patch: async () => ({ headers: headersWith({ Encryption: 'v2' }) }),
    },
    {
      name: 'decrypted payload over the body limit',
      status: 413,
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      patch: async () => {
        const big = await seal(key, COLLECT, { value: 'x'.repeat(WPS_BODY_LIMIT_BYTES) });
        return { headers: big.headers, body: big.body };
      },
    },
    {
      name: 'sealed body over the sealed limit',
      status: 413,
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      patch: async () => ({ body: { payload: 'A'.repeat(ENCRYPTED_BODY_LIMIT_BYTES) } }),
    },
    {
      name: 'body not JSON',
      status: 400,
      code: ErrorCode.INVALID_JSON,
      patch: async () => ({ body: '{"payload": ' }),
    },
  ];

  it.each(cases)('$name: $status $code, nothing written', async ({ status, code, patch }) => {
    const before = await countCollectedEvents(t.db);
    const response = await post(await patch());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, errorCode: code, message: expect.any(String) });
    expect(response.body).not.toContain('correct horse');
    expect(await countCollectedEvents(t.db)).toBe(before);
  });

  it('a sealed payload just under the body limit is opened (the limit is the plain one)', async () => {
    const value = 'y'.repeat(WPS_BODY_LIMIT_BYTES - 100);
    const big = await seal(key, COLLECT, { value });
    const response = await post({ headers: big.headers, body: big.body });
    // The collect route caps `value` itself; reaching its validation proves the body was opened.
    expect(response.statusCode).toBe(400);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  });

  it('a plain body over the plain limit is still refused with 413', async () => {
    const response = await sendSealed(t.app, {
      url: COLLECT,
      headers: {},
      body: { value: 'x'.repeat(WPS_BODY_LIMIT_BYTES) },
    });
    expect(response.statusCode).toBe(413);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('ignores the encryption headers on a GET, which has no body', async () => {
    const response = await t.app.inject({
      url: `${endpoints.status.path}?device=MOBILE`,
      headers: { ...sealed.headers, Encryption: 'v9' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404, not an encryption error, on a path with no route', async () => {
    const response = await post({ url: '/wps/nothing' });
    expect(response.statusCode).toBe(404);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.NOT_FOUND);
  });
});

describe.each(backends)('logs of encrypted requests (%s)', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, {
    config: { logLevel: 'trace' },
    logStream: { write: (line) => void lines.push(line) },
  });

  it('carry neither the sealed body, the wrapped key, the digest nor the plaintext', async () => {
    const key = await fetchKey(t.app);
    const sealed = await seal(key, COLLECT, BEACON);
    await sendSealed(t.app, { url: COLLECT, ...sealed });
    await sendSealed(t.app, {
      url: COLLECT,
      headers: { ...sealed.headers, Encryption: 'v2' },
      body: sealed.body,
    });
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain(sealed.body.payload.slice(0, 40));
    expect(log).not.toContain(sealed.headers['X-RSA'].split('.')[1]?.slice(0, 40));
    expect(log).not.toContain(sealed.headers['X-Digest']);
    expect(log).not.toContain('correct horse');
    expect(log).not.toContain(key.publicKey.slice(0, 40));
  });
});
