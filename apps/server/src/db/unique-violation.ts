/** PostgreSQL unique violation (both backends report SQLSTATE 23505), with the constraint's name. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      return typeof candidate.message === 'string' ? candidate.message : '';
    }
    current = candidate.cause;
  }
  return null;
}
