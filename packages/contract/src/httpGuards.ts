/**
 * Answers of the server's request guards that every /wps call may meet, besides the route's own.
 * A rate-limited call answers 429 with `ErrorCode.TOO_MANY_REQUEST` and a `Retry-After` header (s).
 */
export const GuardErrorCode = {
  /** 403: a POST/PUT/PATCH/DELETE whose Origin header names another origin (CSRF guard). */
  CROSS_ORIGIN_FORBIDDEN: 'cross_origin_forbidden',
} as const;
