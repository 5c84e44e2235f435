import {
  SEAMLESS_SCHEMAS,
  SeamlessErrorCode,
  type SeamlessOperation,
  type SeamlessRequest,
} from '@wps/contract/seamless';
import type { Json } from '../ledger.js';
import { SeamlessRefusal } from './refusal.js';

/** A vendor call, read from its raw body: the JSON as sent (hashed for idempotency) and as validated. */
export interface ParsedCall<Op extends SeamlessOperation> {
  /** The body exactly as parsed: what makes two calls with one transaction id the same. */
  raw: Json;
  request: SeamlessRequest<Op>;
}

/**
 * Parses and validates a call's body: not JSON or a bad field is INVALID_REQUEST, and anything wrong
 * with `amount` (a string, a fraction, a sign, beyond MAX_MINOR_UNITS) is AMOUNT_INVALID.
 */
export function parseSeamlessCall<Op extends SeamlessOperation>(
  operation: Op,
  rawBody: string,
): ParsedCall<Op> {
  let raw: Json;
  try {
    raw = JSON.parse(rawBody) as Json;
  } catch {
    throw new SeamlessRefusal(SeamlessErrorCode.INVALID_REQUEST, 'The body is not JSON.');
  }
  const result = SEAMLESS_SCHEMAS[operation].safeParse(raw);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(body)'))];
    if (fields.includes('amount')) {
      throw new SeamlessRefusal(
        SeamlessErrorCode.AMOUNT_INVALID,
        'The amount must be a whole number of minor units, within range.',
      );
    }
    throw new SeamlessRefusal(SeamlessErrorCode.INVALID_REQUEST, `Invalid fields: ${fields.join(', ')}.`);
  }
  return { raw, request: result.data as SeamlessRequest<Op> };
}
