import {
  AES_IV_BYTES,
  AES_KEY_BYTES,
  AES_TAG_BYTES,
  DIGEST_PREFIX,
  ENCRYPTION_VERSION,
  EncryptionErrorCode,
  encryptionAad,
  type EncryptedBody,
} from './encryption.js';

/**
 * The payload encryption of encryption.ts, on Web Crypto only, so the browser seals and the server
 * opens with the same code (Node 20 has `globalThis.crypto.subtle`).
 */

/** Web Crypto's key type, named without the DOM library so the server compiles this file too. */
export type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64 (standard alphabet, padded); null for anything else. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function sha256Digest(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return `${DIGEST_PREFIX}${toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))}`;
}

export function importRsaPublicKey(spkiBase64: string): Promise<WebCryptoKey> {
  const der = fromBase64(spkiBase64);
  if (!der) return Promise.reject(new Error('public key is not base64'));
  return crypto.subtle.importKey('spki', der, RSA_OAEP, false, ['encrypt']);
}

export interface SealedRequest {
  headers: { Encryption: string; 'X-Digest': string; 'X-RSA': string };
  body: EncryptedBody;
}

/** Seals a JSON payload for `method path` with the server's RSA public key. */
export async function sealPayload(
  publicKey: WebCryptoKey,
  keyId: string,
  method: string,
  path: string,
  payload: unknown,
): Promise<SealedRequest> {
  const plaintext = encoder.encode(JSON.stringify(payload));
  const rawKey = crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(AES_IV_BYTES));
  const aesKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['encrypt']);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(encryptionAad(method, path)), tagLength: 128 },
      aesKey,
      plaintext,
    ),
  );
  const wrappedKey = new Uint8Array(await crypto.subtle.encrypt(RSA_OAEP, publicKey, rawKey));
  const body = new Uint8Array(iv.length + sealed.length);
  body.set(iv);
  body.set(sealed, iv.length);
  return {
    headers: {
      Encryption: ENCRYPTION_VERSION,
      'X-Digest': await sha256Digest(plaintext),
      'X-RSA': `${keyId}.${toBase64(wrappedKey)}`,
    },
    body: { payload: toBase64(body) },
  };
}

export class PayloadError extends Error {
  readonly errorCode: string;
  constructor(errorCode: string, message: string) {
    super(message);
    this.name = 'PayloadError';
    this.errorCode = errorCode;
  }
}

export interface OpenInput {
  encryption: string | undefined;
  digest: string | undefined;
  rsa: string | undefined;
  body: unknown;
  method: string;
  path: string;
}

/** Splits `X-RSA` into the key id and the wrapped AES key; throws PayloadError when malformed. */
export function parseRsaHeader(rsa: string | undefined): {
  keyId: string;
  wrappedKey: Uint8Array<ArrayBuffer>;
} {
  const dot = rsa?.indexOf('.') ?? -1;
  const keyId = rsa?.slice(0, dot) ?? '';
  const wrappedKey = rsa === undefined || dot <= 0 ? null : fromBase64(rsa.slice(dot + 1));
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(keyId) || !wrappedKey) {
    throw new PayloadError(EncryptionErrorCode.MALFORMED, 'X-RSA header is malformed');
  }
  return { keyId, wrappedKey };
}

/**
 * Opens a sealed body with the private key named by its X-RSA key id, checks the tag and the
 * digest, and returns the parsed JSON payload. Throws PayloadError on every failure.
 */
export async function openPayload(
  input: OpenInput,
  privateKeyFor: (keyId: string) => Promise<WebCryptoKey | null>,
): Promise<unknown> {
  if (input.encryption !== ENCRYPTION_VERSION) {
    throw new PayloadError(EncryptionErrorCode.UNSUPPORTED_VERSION, 'unsupported encryption version');
  }
  const { keyId, wrappedKey } = parseRsaHeader(input.rsa);
  const payload = (input.body as Partial<EncryptedBody> | null)?.payload;
  const sealed = typeof payload === 'string' ? fromBase64(payload) : null;
  if (!sealed || sealed.length < AES_IV_BYTES + AES_TAG_BYTES || !input.digest?.startsWith(DIGEST_PREFIX)) {
    throw new PayloadError(EncryptionErrorCode.MALFORMED, 'encrypted body is malformed');
  }
  const privateKey = await privateKeyFor(keyId);
  if (!privateKey) throw new PayloadError(EncryptionErrorCode.UNKNOWN_KEY, 'unknown or expired key');

  let plaintext: Uint8Array<ArrayBuffer>;
  try {
    const rawKey = new Uint8Array(await crypto.subtle.decrypt(RSA_OAEP, privateKey, wrappedKey));
    if (rawKey.length !== AES_KEY_BYTES) throw new Error('wrong key length');
    const aesKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
    plaintext = new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: sealed.subarray(0, AES_IV_BYTES),
          additionalData: encoder.encode(encryptionAad(input.method, input.path)),
          tagLength: 128,
        },
        aesKey,
        sealed.subarray(AES_IV_BYTES),
      ),
    );
  } catch {
    throw new PayloadError(EncryptionErrorCode.DECRYPT_FAILED, 'payload could not be decrypted');
  }
  if ((await sha256Digest(plaintext)) !== input.digest) {
    throw new PayloadError(EncryptionErrorCode.DIGEST_MISMATCH, 'payload digest does not match');
  }
  try {
    // A `__proto__` key would become an own property that a careless merge could turn into
    // prototype pollution; no payload needs one.
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext), (key, value: unknown) =>
      key === '__proto__' ? undefined : value,
    ) as unknown;
  } catch {
    throw new PayloadError(EncryptionErrorCode.MALFORMED, 'payload is not JSON');
  }
}
