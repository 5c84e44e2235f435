/**
 * Errors that mean "the database cannot be reached right now", not "this query is wrong": the pool
 * cannot connect (refused, reset, timed out), the server closed the connection, or it is shutting
 * down or starting (SQLSTATE class 08 and 57P01–57P03). They answer 503 at once and the pool
 * reconnects on its own once the server is back.
 */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (NODE_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (MESSAGES.some((text) => message.includes(text))) return true;
    // Node reports a refused dual-stack connect as an AggregateError of the attempts.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
