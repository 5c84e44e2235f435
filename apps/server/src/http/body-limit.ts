import { AES_IV_BYTES, AES_TAG_BYTES } from '@wps/contract/encryption';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import type { FastifyRequest } from 'fastify';

/** Room for a plain body of `bytes` once sealed: base64 of iv ‖ ciphertext ‖ tag, in `{"payload":""}`. */
export function sealedSize(bytes: number): number {
  return Math.ceil((bytes + AES_IV_BYTES + AES_TAG_BYTES) / 3) * 4 + 64;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The largest plain body this route takes (route() sets it from the endpoint's `bodyLimit`). */
    plainBodyLimit?: number;
  }
}

/**
 * The largest plain body the request's route takes: its endpoint's own limit (a screenshot, a chat
 * image) or WPS_BODY_LIMIT_BYTES. A sealed body may be as large as that limit once sealed.
 */
export function plainBodyLimit(request: FastifyRequest): number {
  return request.routeOptions.config?.plainBodyLimit ?? WPS_BODY_LIMIT_BYTES;
}
