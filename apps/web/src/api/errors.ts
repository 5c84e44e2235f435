/**
 * The one error type of the /wps client. Every failure of a call — an error envelope, an HTTP error,
 * no answer at all — rejects with a `WpsError`, so the error catalogue and the callers that opt out
 * of it read the same facts.
 */

/** Failure with no answer from the server at all (offline, DNS, CORS, connection reset). */
export const NETWORK_ERROR = 'network_error';
/** The client's own time-out fired (spec: time-out → timeout_retry_please). */
export const TIMEOUT_ERROR = 'timeout';
/** The browser aborted the request (page unload, connection dropped): axios' ECONNABORTED. */
export const ABORTED_ERROR = 'ECONNABORTED';
/** The caller aborted through its own AbortSignal: nothing is shown. */
export const CANCELED_ERROR = 'canceled';
/** The server answered a redirect; redirects are never followed (`redirect: 'manual'`). */
export const REDIRECT_ERROR = 'redirect_not_followed';
/** The server answered something that is not the /wps envelope. */
export const INVALID_RESPONSE = 'invalid_response';
/** The call must be encrypted and this browser has no Web Crypto (old browser or insecure context). */
export const ENCRYPTION_UNAVAILABLE = 'encryption_unavailable';
/** A failure that is not a WpsError at all (a bug, a payload that cannot be serialised). */
export const UNKNOWN_ERROR = 'unknown';

export interface WpsErrorDetails {
  /** The message the server wrote for the user (`message` of the envelope); null when none. */
  serverMessage?: string | null;
  /** The server's English message when `serverMessage` is a translation (envelope `detail`). */
  detail?: string | null;
  data?: unknown;
  /** The request URL with sensitive parameters removed, for logs. */
  url?: string;
}

export class WpsError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly errorCode: string;
  readonly serverMessage: string | null;
  readonly detail: string | null;
  readonly data: unknown;
  readonly url: string;

  constructor(status: number, errorCode: string, message: string, details: WpsErrorDetails = {}) {
    super(message);
    this.name = 'WpsError';
    this.status = status;
    this.errorCode = errorCode;
    this.serverMessage = details.serverMessage ?? null;
    this.detail = details.detail ?? null;
    this.data = details.data;
    this.url = details.url ?? '';
  }
}
