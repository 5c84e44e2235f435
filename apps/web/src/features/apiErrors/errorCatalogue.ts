import { ErrorCode } from '@wps/contract/errorCodes';
import { SESSION_LOST_CODES, TOO_MANY_REQUEST_PREFIX } from '@wps/contract/errors';
import type { MessageKey } from '@/i18n';
import type { NoticeText } from '@/ui/notices';
import {
  ABORTED_ERROR,
  CANCELED_ERROR,
  ENCRYPTION_UNAVAILABLE,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  type WpsError,
} from '@/api/errors';

/**
 * The error catalogue of spec section 8, for every /wps call, as one table: the first row whose
 * situation matches a failure decides what the user sees. `errorActions.ts` performs the action;
 * screens never decode errors themselves (they opt out with `handleErrors: false` to show an error
 * inline, and then read `WpsError.serverMessage`).
 */

/** The facts of a failure the table reads. */
export interface ErrorFacts {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  errorCode: string;
  /** The server's message for the user, null when none. */
  serverMessage: string | null;
  /** The answer's `data` (a responsible-gaming refusal's details). */
  data?: unknown;
  /** `navigator.onLine`. */
  online: boolean;
  /** The page's `location.protocol`: `https:`, `http:`, or another for the native shell's file pages. */
  protocol: string;
}

export type ErrorAction =
  /** Log out: clear the session, alert please_login, then go to /m/login keeping where the user was. */
  | { kind: 'pleaseLogin' }
  /** Nothing shown; the caller's promise still rejects. */
  | { kind: 'silent' }
  | { kind: 'toast'; message: MessageKey }
  /** The offline toast (network_offline), cleared each second up to 3 times. */
  | { kind: 'offlineToast' }
  /** An alert titled notice with the confirm button. */
  | { kind: 'alert'; message: NoticeText }
  /**
   * Tell the accounts feature to disable auto-login; then, when the answer also ended the session
   * (HTTP 401), the please-login flow, else an alert like any other error.
   */
  | { kind: 'tokenIpDifferent'; message: NoticeText; sessionLost: boolean }
  /** The session-time limit the member set ended the session (issue 29): please-login with its own notice. */
  | { kind: 'sessionLimit'; data: unknown }
  /**
   * A time-out or self-exclusion runs (issue 29): why, until when and where to get help; a session
   * the break ended is cleared. `message` is what shows if the responsible-gaming code cannot load.
   */
  | { kind: 'breakActive'; data: unknown; message: NoticeText };

export interface CatalogueRow {
  situation: string;
  matches: (facts: ErrorFacts) => boolean;
  action: (facts: ErrorFacts) => ErrorAction;
}

const noAnswer = (facts: ErrorFacts) => facts.status === 0 && facts.errorCode === NETWORK_ERROR;
const serverText = (facts: ErrorFacts): NoticeText =>
  facts.serverMessage === null ? { key: 'unknown_error' } : { text: facts.serverMessage };
const silent = (): ErrorAction => ({ kind: 'silent' });
const pleaseLogin = (): ErrorAction => ({ kind: 'pleaseLogin' });

export const ERROR_CATALOGUE: readonly CatalogueRow[] = [
  // First: the server answers it with HTTP 401, and the 401 row alone would end the session without
  // disabling auto-login (spec section 8 wants both).
  {
    situation: 'token_ip_different',
    matches: (f) => f.errorCode === ErrorCode.TOKEN_IP_DIFFERENT,
    action: (f) => ({ kind: 'tokenIpDifferent', message: serverText(f), sessionLost: f.status === 401 }),
  },
  // Before the 401 row: the session ended because of the member's own limit, which they are told.
  {
    situation: 'rg_session_limit (HTTP 401)',
    matches: (f) => f.errorCode === 'rg_session_limit',
    action: (f) => ({ kind: 'sessionLimit', data: f.data }),
  },
  {
    situation: 'rg_break_active (HTTP 403: every sign-in, and a session the break ended)',
    matches: (f) => f.errorCode === 'rg_break_active',
    action: (f) => ({ kind: 'breakActive', data: f.data, message: serverText(f) }),
  },
  { situation: 'HTTP 502', matches: (f) => f.status === 502, action: silent },
  { situation: 'HTTP 401', matches: (f) => f.status === 401, action: pleaseLogin },
  {
    situation:
      'CUSTOMER_NOT_LOGIN (in the body), customer.not.login, user.or.token.invalid, login.not.session',
    matches: (f) => SESSION_LOST_CODES.includes(f.errorCode),
    action: pleaseLogin,
  },
  {
    situation: 'codes starting TOO_MANY_REQUEST',
    matches: (f) => f.errorCode.startsWith(TOO_MANY_REQUEST_PREFIX),
    action: silent,
  },
  {
    situation: 'service_unavailable (HTTP 503: the database is briefly unreachable)',
    matches: (f) => f.errorCode === ErrorCode.SERVICE_UNAVAILABLE,
    action: () => ({ kind: 'toast', message: 'service_unavailable' }),
  },
  { situation: 'cancelled by the caller', matches: (f) => f.errorCode === CANCELED_ERROR, action: silent },
  {
    situation: 'time-out or ECONNABORTED',
    matches: (f) => f.errorCode === TIMEOUT_ERROR || f.errorCode === ABORTED_ERROR,
    action: () => ({ kind: 'toast', message: 'timeout_retry_please' }),
  },
  {
    situation: 'network error on http',
    matches: (f) => noAnswer(f) && f.protocol === 'http:',
    action: () => ({ kind: 'alert', message: { key: 'network_error' } }),
  },
  {
    situation: 'network error, offline over https',
    matches: (f) => noAnswer(f) && f.protocol === 'https:' && !f.online,
    action: () => ({ kind: 'offlineToast' }),
  },
  {
    situation: 'network error, online over https (CORS, DNS, connection reset)',
    matches: (f) => noAnswer(f) && f.protocol === 'https:',
    action: () => ({ kind: 'alert', message: { key: 'network_error' } }),
  },
  {
    situation: 'network error on a page not served over http(s) (native shell)',
    matches: noAnswer,
    action: () => ({ kind: 'alert', message: { key: 'internet_lost' } }),
  },
  {
    situation: 'encryption required, Web Crypto unavailable',
    matches: (f) => f.errorCode === ENCRYPTION_UNAVAILABLE,
    action: () => ({ kind: 'alert', message: { key: 'encryption_unavailable' } }),
  },
  {
    situation: 'server error with a message',
    matches: (f) => f.serverMessage !== null,
    action: (f) => ({ kind: 'alert', message: serverText(f) }),
  },
  {
    situation: 'any other error',
    matches: () => true,
    action: () => ({ kind: 'alert', message: { key: 'unknown_error' } }),
  },
];

export function errorAction(facts: ErrorFacts): ErrorAction {
  const row = ERROR_CATALOGUE.find((candidate) => candidate.matches(facts));
  return row ? row.action(facts) : { kind: 'alert', message: { key: 'unknown_error' } };
}

export function errorFacts(
  error: WpsError,
  page: { online: boolean; protocol: string } = { online: navigator.onLine, protocol: location.protocol },
): ErrorFacts {
  return {
    status: error.status,
    errorCode: error.errorCode,
    serverMessage: error.serverMessage,
    data: error.data,
    online: page.online,
    protocol: page.protocol,
  };
}
