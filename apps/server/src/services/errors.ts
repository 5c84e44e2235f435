import type { ErrorCode } from '@wps/contract/errorCodes';

/**
 * A refusal a caller is meant to see: the error code of the contract, a message for people, and the
 * optional data the client acts on (the second-factor methods of `login_verify_required`). Services
 * throw it and know nothing of HTTP: `http/errors.ts` gives each code its status.
 */
export class DomainError extends Error {
  /** Seconds the caller is to wait before trying again (sent as Retry-After). */
  retryAfterS?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The request is malformed in a way the schema cannot see (a missing pair of fields, a type not offered). */
export function invalidRequest(detail: string): DomainError {
  return new DomainError('invalid_request', `Invalid request. ${detail}`);
}
