import { AES_IV_BYTES, AES_TAG_BYTES, EncryptionHeader, type EncryptedBody } from '@wps/contract/encryption';
import { ErrorCode } from '@wps/contract/errorCodes';
import { openPayload, PayloadError, type WebCryptoKey } from '@wps/contract/payloadCrypto';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { plainBodyLimit, sealedSize } from './body-limit.js';
import { isWpsPath, WpsHttpError } from './errors.js';

/** Room for a payload of WPS_BODY_LIMIT_BYTES once sealed. */
export const ENCRYPTED_BODY_LIMIT_BYTES = sealedSize(WPS_BODY_LIMIT_BYTES);

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ENCRYPTION_HEADERS = [EncryptionHeader.encryption, EncryptionHeader.digest, EncryptionHeader.rsa].map(
  (name) => name.toLowerCase(),
);

/**
 * Any one of the three headers makes a request encrypted: a client that meant to seal its body gets
 * an error rather than having a half-labelled body read as plain.
 */
export function isEncrypted(headers: IncomingHttpHeaders): boolean {
  return ENCRYPTION_HEADERS.some((name) => headers[name] !== undefined);
}

/** 413 naming the limit (`data.maxBytes`), so a client can say what fits. */
export function tooLarge(maxBytes: number): WpsHttpError {
  return new WpsHttpError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The body is too large.', { maxBytes });
}

/**
 * JSON bodies, as application/json or as the text/plain navigator.sendBeacon sends. A plain body
 * keeps its route's limit (plainBodyLimit); a sealed one may be as large as that limit once sealed.
 * Fastify has already refused what is over the route's `bodyLimit` (the sealed size) while reading.
 */
export function installJsonParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: ENCRYPTED_BODY_LIMIT_BYTES },
    (request, body: string, done) => {
      const plain = plainBodyLimit(request);
      const limit = isEncrypted(request.headers) ? sealedSize(plain) : plain;
      if (Buffer.byteLength(body) > limit) {
        done(tooLarge(plain), undefined);
        return;
      }
      parseJson(request, body, done);
    },
  );
}

/** Bytes of plaintext in a sealed payload, from its base64 length alone (no decoding, no RSA work). */
function plaintextBytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding - AES_IV_BYTES - AES_TAG_BYTES;
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  // A repeated header arrives as an array: not a value openPayload should pick from.
  return typeof value === 'string' ? value : undefined;
}

/**
 * Opens sealed /wps bodies after parsing and before validation, so the route sees (and validates)
 * the plain JSON and never knows it was sealed. Any failure answers 400 with the encryption error
 * code, or 413 for a payload over the plain limit, before the handler could write anything.
 * GET and HEAD carry no body: the headers are ignored there.
 */
export function installPayloadDecryption(
  app: FastifyInstance,
  privateKeyFor: (keyId: string) => Promise<WebCryptoKey | null>,
): void {
  // Plain requests (nearly all) pass at once, without a promise; sealed ones are opened below.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!BODY_METHODS.has(request.method) || !isEncrypted(request.headers)) {
      done();
      return;
    }
    // No route, no RSA work: the not-found answer is the same for sealed and plain calls.
    if (request.is404 || !isWpsPath(request.url)) {
      done();
      return;
    }
    openSealedBody(request, privateKeyFor).then(() => done(), done);
  });
}

async function openSealedBody(
  request: FastifyRequest,
  privateKeyFor: (keyId: string) => Promise<WebCryptoKey | null>,
): Promise<void> {
  const payload = (request.body as Partial<Record<keyof EncryptedBody, unknown>> | null | undefined)?.payload;
  const limit = plainBodyLimit(request);
  if (typeof payload === 'string' && plaintextBytes(payload) > limit) throw tooLarge(limit);
  try {
    request.body = await openPayload(
      {
        encryption: singleHeader(request, EncryptionHeader.encryption),
        digest: singleHeader(request, EncryptionHeader.digest),
        rsa: singleHeader(request, EncryptionHeader.rsa),
        body: request.body,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
      },
      privateKeyFor,
    );
  } catch (error) {
    if (error instanceof PayloadError) throw new WpsHttpError(400, error.errorCode, error.message);
    throw error;
  }
}
