export { rowsOf, type SqlRunner } from '../../db/raw.js';

/** A PostgreSQL array literal of integers (`{1,2,3}`), passed as one parameter and cast in SQL. */
export function bigintArray(values: readonly bigint[]): string {
  return `{${values.join(',')}}`;
}

/** SQLSTATE of the transient conflicts a money transaction is retried after. */
const RETRYABLE = new Set(['40P01', '40001']);

export function isRetryableConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
