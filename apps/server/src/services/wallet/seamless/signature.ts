import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SEAMLESS_SIGNATURE_VERSION,
  SEAMLESS_SIGNATURE_WINDOW_S,
  SeamlessErrorCode,
  SeamlessHeader,
  seamlessSignedText,
} from '@wps/contract/seamless';
import { SeamlessRefusal } from './refusal.js';

/**
 * The vendor API's signatures (docs/decisions/seamless-wallet.md): HMAC-SHA256 with the vendor's
 * secret over `id.timestamp.rawBody`, as Standard Webhooks sign theirs. There is no setting that
 * skips the check: every call of the API goes through `verifySeamlessSignature`.
 */

const ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const TIMESTAMP = /^\d{1,12}$/;

export function seamlessSignature(secret: Buffer, id: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', secret)
    .update(seamlessSignedText(id, timestamp, body))
    .digest('base64');
  return `${SEAMLESS_SIGNATURE_VERSION},${mac}`;
}

function refused(message: string): SeamlessRefusal {
  return new SeamlessRefusal(SeamlessErrorCode.SIGNATURE_INVALID, message);
}

/** A header's single value; a repeated header is refused rather than guessed at. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export interface SignedRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/**
 * The request's id when its signature verifies with `secret` and its timestamp is within the window
 * of `nowMs`; else SIGNATURE_INVALID. Compared in constant time; any of several space-separated
 * signatures may match (a vendor rotating its key sends both).
 */
export function verifySeamlessSignature(request: SignedRequest, secret: Buffer, nowMs: number): string {
  const id = single(request.headers[SeamlessHeader.id]);
  const timestamp = single(request.headers[SeamlessHeader.timestamp]);
  const signatures = single(request.headers[SeamlessHeader.signature]);
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    throw refused('The request is not signed.');
  }
  if (!ID.test(id) || !TIMESTAMP.test(timestamp)) throw refused('The signature headers are malformed.');
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > SEAMLESS_SIGNATURE_WINDOW_S) {
    throw refused('The signature timestamp is outside the accepted window.');
  }
  const expected = Buffer.from(seamlessSignature(secret, id, timestamp, request.rawBody));
  const matches = signatures
    .split(' ')
    .map((candidate) => Buffer.from(candidate))
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
  if (!matches) throw refused('The signature does not match.');
  return id;
}

/** The headers that sign an answer to request `id`. */
export function signSeamlessAnswer(
  secret: Buffer,
  id: string,
  body: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [SeamlessHeader.id]: id,
    [SeamlessHeader.timestamp]: timestamp,
    [SeamlessHeader.signature]: seamlessSignature(secret, id, timestamp, body),
  };
}
