import { invalidRequest, type DomainError } from '../services/errors.js';

/** Nesting deeper than any call of the contract needs; deeper input is refused before any parser recurses into it. */
export const INPUT_MAX_DEPTH = 16;
/** Values (objects, arrays, leaves) one input may hold. */
export const INPUT_MAX_NODES = 5_000;

/** A NUL, or a UTF-16 surrogate without its pair: text PostgreSQL cannot store. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function refuse(detail: string): DomainError {
  return invalidRequest(detail);
}

/**
 * The usual query: an object of a few text values. True when it is one and all its names and values
 * are storable; false sends it through the full walk, which then refuses it with the same message it
 * would have given on its own (names are checked before values there too).
 */
function isFlatSafeText(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const record = input as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length >= INPUT_MAX_NODES) return false;
  for (const key of keys) if (UNSTORABLE.test(key)) return false;
  for (const key of keys) {
    const value = record[key];
    if (typeof value !== 'string' || UNSTORABLE.test(value)) return false;
  }
  return true;
}

/**
 * Refuses input no route should see, whatever its schema: text with characters the database cannot
 * store (keys and values), nesting deeper than INPUT_MAX_DEPTH and more than INPUT_MAX_NODES values.
 * Walks with its own stack, so hostile nesting cannot overflow the call stack here.
 */
export function assertSafeInput(input: unknown): void {
  if (isFlatSafeText(input)) return;
  const stack: [unknown, number][] = [[input, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    nodes += 1;
    if (nodes > INPUT_MAX_NODES) throw refuse('The input holds too many values.');
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) throw refuse('Text may not contain NUL characters or unpaired surrogates.');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= INPUT_MAX_DEPTH) throw refuse(`The input is nested deeper than ${INPUT_MAX_DEPTH} levels.`);
    for (const [key, child] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) throw refuse('Names may not contain NUL characters or unpaired surrogates.');
      stack.push([child, depth + 1]);
    }
  }
}
