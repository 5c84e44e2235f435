import { ChatErrorCode } from '@wps/contract/chat';
import { ErrorCode } from '@wps/contract/errorCodes';
import { fail } from '@wps/contract/envelope';
import { PasskeyErrorCode } from '@wps/contract/passkeys';
import { PromoErrorCode } from '@wps/contract/content';
import { ReferralErrorCode } from '@wps/contract/referral';
import { SocialErrorCode } from '@wps/contract/social';
import { TrackingErrorCode } from '@wps/contract/tracking';
import { WalletErrorCode } from '@wps/contract/amounts';
import { CashierStaffErrorCode } from '@wps/contract/cashier';
import { TrustErrorCode } from '@wps/contract/trust';
import type { LanguageCode } from '@wps/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { DomainError } from '../services/errors.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { SERVER_MESSAGES } from '../i18n/catalog.js';
import { isMessageCode, languageOf } from '../i18n/server-messages.js';
import { assertSafeInput } from './input-guard.js';
import { plainBodyLimit } from './body-limit.js';
import { MerchantAdminErrorCode } from '@wps/contract/merchantAdmin';
import { OffersAdminErrorCode } from '@wps/contract/offersAdmin';
import { MemberAdminErrorCode } from '@wps/contract/memberAdmin';
import { ContentAdminErrorCode } from '@wps/contract/contentAdmin';
import { GamesAdminErrorCode } from '@wps/contract/gamesAdmin';

/**
 * The HTTP status of each domain error code: the one place services' refusals meet HTTP. Codes not
 * listed answer 400.
 */
export const STATUS_OF_CODE: Readonly<Partial<Record<ErrorCode, number>>> = {
  [ErrorCode.CUSTOMER_NOT_LOGIN]: 401,
  [ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED]: 401,
  [ErrorCode.USER_OR_TOKEN_INVALID]: 401,
  [ErrorCode.LOGIN_NOT_SESSION]: 401,
  [ErrorCode.TOKEN_IP_DIFFERENT]: 401,
  [ErrorCode.LOGIN_VERIFY_REQUIRED]: 403,
  [ErrorCode.MODULE_DISABLED]: 403,
  [ReferralErrorCode.AGENT_ONLY]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.MERCHANT_NOT_FOUND]: 404,
  [ErrorCode.DOMAIN_NOT_AVAILABLE]: 404,
  [ErrorCode.GAME_NOT_FOUND]: 404,
  // Issue 14: a provider's proof that failed verification; the sign-in is to be started again.
  [ErrorCode.LINE_INVALID_TOKEN]: 401,
  [ErrorCode.TELEGRAM_VALIDATE_FAILED]: 401,
  [ErrorCode.USERNAME_TAKEN]: 409,
  [PasskeyErrorCode.UNAVAILABLE]: 403,
  [PasskeyErrorCode.CHALLENGE_EXPIRED]: 400,
  [PasskeyErrorCode.INVALID]: 400,
  [PasskeyErrorCode.NOT_FOUND]: 404,
  [PasskeyErrorCode.CONFLICT]: 409,
  [ErrorCode.MOBILE_TAKEN]: 409,
  [ErrorCode.CONTACT_IN_USE]: 409,
  [SocialErrorCode.SOCIAL_IDENTITY_TAKEN]: 409,
  [SocialErrorCode.SOCIAL_LAST_SIGN_IN]: 409,
  // Issue 15: promo codes (an unknown or inactive code is a plain 400).
  [PromoErrorCode.PROMO_CODE_DISABLED]: 403,
  [PromoErrorCode.PROMO_CODE_CLAIMED]: 409,
  [ChatErrorCode.CHAT_RATE_LIMITED]: 429,
  [ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND]: 404,
  [ChatErrorCode.STAFF_LOGIN_FAILED]: 401,
  [ChatErrorCode.STAFF_LOGIN_LOCKED]: 429,
  [ChatErrorCode.STAFF_NOT_SIGNED_IN]: 401,
  [ChatErrorCode.STAFF_SECOND_FACTOR_REQUIRED]: 403,
  [ChatErrorCode.STAFF_FORBIDDEN]: 403,
  [TrackingErrorCode.REPORT_TOKEN_INVALID]: 401,
  // Issue 28: the cashier.
  [WalletErrorCode.IDEMPOTENCY_CONFLICT]: 409,
  [WalletErrorCode.INSUFFICIENT_FUNDS]: 409,
  [WalletErrorCode.SIGNATURE_INVALID]: 401,
  [WalletErrorCode.PAYMENT_NOT_FOUND]: 404,
  [WalletErrorCode.PAYMENT_STATE]: 409,
  // Issue 30 item 8: the back office's cashier.
  [CashierStaffErrorCode.SECOND_APPROVER_REQUIRED]: 409,
  // Issue 29: responsible gaming.
  [TrustErrorCode.LIMIT_REACHED]: 409,
  [TrustErrorCode.BREAK_ACTIVE]: 403,
  [TrustErrorCode.UNDER_AGE]: 403,
  [TrustErrorCode.TERMS_REQUIRED]: 403,
  [TrustErrorCode.SESSION_LIMIT]: 401,
  [TrustErrorCode.STAKE_CAP]: 409,
  [TrustErrorCode.CHANGE_NOT_READY]: 409,
  [TrustErrorCode.COUNTRY_NOT_SERVED]: 451,
  // Issue 30: the back office's Merchants section (a too-low contrast is a plain 400).
  [MerchantAdminErrorCode.DOMAIN_TAKEN]: 409,
  [MerchantAdminErrorCode.CODE_TAKEN]: 409,
  // Issue 30 item 5: offers and pages (a missing default language or a bad window: a plain 400).
  [OffersAdminErrorCode.PROMO_CODE_TAKEN]: 409,
  [OffersAdminErrorCode.PROMO_CODE_LOCKED]: 409,
  [OffersAdminErrorCode.LEGAL_VERSION_STALE]: 409,
  // Issue 30 item 7: a member a staff member locked signs in.
  [MemberAdminErrorCode.ACCOUNT_LOCKED]: 403,
  [ContentAdminErrorCode.NOT_FOUND]: 404,
  // Issue 30: the back office's Games section (a bad order or a past maintenance end is a plain 400).
  [GamesAdminErrorCode.VENDOR_NOT_FOUND]: 404,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.TOO_MANY_REQUEST]: 429,
  [ErrorCode.VERIFY_CODE_TOO_SOON]: 429,
  [ErrorCode.INTERNAL_ERROR]: 503,
  /** A provider (LINE, the Maya wallet) or the database cannot be reached for a moment. */
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
};

export function statusOf(code: ErrorCode): number {
  return STATUS_OF_CODE[code] ?? 400;
}

/**
 * An error whose status, code and message are meant for the caller. A refusal (4xx) is an answer, not
 * a fault: the error handler logs only its code and status, so it is built without a stack trace,
 * which would cost more than the rest of the answer (a flood of 429s makes thousands a second).
 * A 5xx keeps its stack for the log.
 */
export class WpsHttpError extends Error {
  readonly statusCode: number;
  readonly errorCode: string;
  readonly data: unknown;

  constructor(statusCode: number, errorCode: string, message: string, data?: unknown) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.data = data;
    this.name = 'WpsHttpError';
  }
}

export function isWpsPath(url: string): boolean {
  return url === '/wps' || url.startsWith('/wps/') || url.startsWith('/wps?');
}

/** Parses input with a contract schema; failures name the fields, never echo the values. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  assertSafeInput(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  throw new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ${details}`);
}

export interface ClientFacing {
  status: number;
  code: string;
  message: string;
  data?: unknown;
}

const FASTIFY_CODES: Record<string, Omit<ClientFacing, 'data'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.INVALID_JSON,
    message: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.INVALID_JSON, message: 'The body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'The body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'Send JSON (application/json or text/plain).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.INVALID_REQUEST,
    message: 'The content length does not match the body.',
  },
};

function classify(error: FastifyError | WpsHttpError | DomainError): ClientFacing {
  if (error instanceof DomainError) {
    return { status: statusOf(error.code), code: error.code, message: error.message, data: error.data };
  }
  if (error instanceof WpsHttpError) {
    return { status: error.statusCode, code: error.errorCode, message: error.message, data: error.data };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'The service is unavailable for a moment. Please try again shortly.',
    };
  }
  const known = error.code === undefined ? undefined : FASTIFY_CODES[error.code];
  if (known !== undefined) return known;
  if (error.validation !== undefined) {
    return { status: 400, code: ErrorCode.INVALID_REQUEST, message: 'Invalid request.' };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: ErrorCode.INVALID_REQUEST, message: 'The request cannot be served.' };
  }
  return {
    status: 500,
    code: ErrorCode.INTERNAL_ERROR,
    message: 'Something went wrong. Please try again later.',
  };
}

/** The errorCode an error is answered with (the staff audit keeps it for a refused attempt). */
export function errorCodeOf(error: unknown): string {
  return error instanceof Error ? classify(error as FastifyError).code : ErrorCode.INTERNAL_ERROR;
}

/**
 * The answer's message in the request's language (the services write English); the English one goes
 * along as `detail` for programs (it names the refused fields of an `invalid_request`).
 */
export function inLanguage(
  answer: Pick<ClientFacing, 'code' | 'message'>,
  language: LanguageCode,
): { message: string; detail?: string } {
  if (language === 'EN' || !isMessageCode(answer.code)) return { message: answer.message };
  const message = SERVER_MESSAGES[language][answer.code];
  return message === answer.message ? { message } : { message, detail: answer.message };
}

/** Seconds a client is asked to wait when the database is unavailable. */
const DATABASE_RETRY_AFTER_S = 5;

/** Every error becomes the envelope under /wps and plain text elsewhere; never a stack trace. */
export function handleError(
  error: FastifyError | WpsHttpError | DomainError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const classified = classify(error);
  // Fastify's own refusal while reading names no limit: the route's plain limit is the one that counts.
  const answer =
    classified.code === ErrorCode.PAYLOAD_TOO_LARGE && classified.data === undefined
      ? { ...classified, data: { maxBytes: plainBodyLimit(request) } }
      : classified;
  if (answer.code === ErrorCode.SERVICE_UNAVAILABLE) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
  } else if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
  else if (error instanceof DomainError && error.retryAfterS !== undefined) {
    reply.header('retry-after', String(error.retryAfterS));
    request.log.info({ errorCode: answer.code, status: answer.status }, 'request rejected');
  } else request.log.info({ errorCode: answer.code, status: answer.status }, 'request rejected');

  reply.status(answer.status).header('cache-control', 'no-store');
  if (isWpsPath(request.url)) {
    const { message, detail } = inLanguage(answer, languageOf(request.headers.language));
    void reply.type('application/json; charset=utf-8').send(fail(answer.code, message, answer.data, detail));
  } else {
    void reply
      .type('text/plain; charset=utf-8')
      .send(answer.status >= 500 ? 'Internal server error' : answer.message);
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function installNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    reply.header('cache-control', 'no-store');
    if (!isWpsPath(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const allowed = METHODS.filter((method) => app.hasRoute({ method, url: path }));
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(fail(ErrorCode.METHOD_NOT_ALLOWED, `Use ${allowed.join(' or ')} for this path.`));
    }
    const { message, detail } = inLanguage(
      { code: ErrorCode.NOT_FOUND, message: 'No such call.' },
      languageOf(request.headers.language),
    );
    return reply.status(404).send(fail(ErrorCode.NOT_FOUND, message, undefined, detail));
  });
}
