import { AES_IV_BYTES, AES_TAG_BYTES, EncryptionHeader, type EncryptedBody } from '@wps/contract/encryption';
import { ErrorCode } from '@wps/contract/errorCodes';
import { openPayload, PayloadError, type WebCryptoKey } from '@wps/contract/payloadCrypto';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { isWpsPath, WpsHttpError } from './errors.js';

/** Room for a payload of WPS_BODY_LIMIT_BYTES once sealed: base64 of iv ‖ ciphertext ‖ tag, in `{"payload":""}`. */
export const ENCRYPTED_BODY_LIMIT_BYTES =
  Math.ceil((WPS_BODY_LIMIT_BYTES + AES_IV_BYTES + AES_TAG_BYTES) / 3) * 4 + 64;

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

function tooLarge(): WpsHttpError {
  return new WpsHttpError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The body is too large.');
}

/**
 * JSON bodies, as application/json or as the text/plain navigator.sendBeacon sends. Plain bodies
 * keep WPS_BODY_LIMIT_BYTES; a sealed body may be as large as a plain one was before sealing.
 */
export function installJsonParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: ENCRYPTED_BODY_LIMIT_BYTES },
    (request, body: string, done) => {
      const limit = isEncrypted(request.headers) ? ENCRYPTED_BODY_LIMIT_BYTES : WPS_BODY_LIMIT_BYTES;
      if (Buffer.byteLength(body) > limit) {
        done(tooLarge(), undefined);
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
  if (typeof payload === 'string' && plaintextBytes(payload) > WPS_BODY_LIMIT_BYTES) throw tooLarge();
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
