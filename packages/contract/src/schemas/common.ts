import { z } from 'zod';

/**
 * Pieces the input schemas share. The schemas are run-time values for the server (and zod with
 * them), so they live under schemas/, apart from the modules the web app imports values from: the
 * web imports only the types derived here (`import type`, erased), never a schema.
 */

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Calls that take no input: any query is ignored. */
export const emptyQuerySchema = z.object({});
/** POSTs that take no input: no body, or an empty object. */
export const emptyBodySchema = z.object({}).optional();

export const optionalText = (max: number) => z.string().max(max).optional();

/** A password as sent (its rules are the service's: the registration's, or any for a sign-in). */
export const passwordText = z.string().min(1).max(128);

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * Free query text without control characters: PostgreSQL text cannot hold NUL, so a `%00` that
 * reached a query would fail in the database (a 500) instead of here (a 400).
 */
export function queryText(max: number) {
  return z.string().max(max).regex(NO_CONTROL_CHARACTERS, 'no control characters');
}

/**
 * A positive whole number sent in a query string (Fastify hands query values over as strings). Zero,
 * negatives and values over `max` are refused rather than clamped, so a client bug shows as a 400.
 */
export function pageNumber(max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?[0-9]{1,9}$/, 'a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(max));
}

/** A database id: a positive 32-bit integer. */
export const databaseId = z.number().int().min(1).max(2_147_483_647);
