import { SENSITIVE_QUERY_PARAMS } from '@wps/contract/routes';
import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config.js';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** Also the demo game's launch ticket (`/demo-game/?ticket=`): a live one opens a play session. */
// `events`: the ping fallback's marketing-event batch (customer name, click ids), a payload.
const SENSITIVE = new Set<string>(
  [...SENSITIVE_QUERY_PARAMS, 'ticket', 'events'].map((name) => name.toLowerCase()),
);

/** The URL as it may be logged: credential-carrying query parameters removed. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SENSITIVE.has(name.toLowerCase())) params.delete(name);
  }
  const query = params.toString();
  return url.slice(0, queryStart) + (query === '' ? '' : `?${query}`);
}

/**
 * A database error's text names the failed query with its parameters (drizzle: `params: …`), which
 * may be a password hash, a token hash or a member's input. Everything from `params:` to the end of
 * that line is cut, and an error's own fields (pg's `detail` quotes the values of a conflict) are
 * never copied: only its type, SQLSTATE code, text and stack, each cut the same way.
 */
const PARAMS = /params:[^\n]*/g;

export function redactErrorText(text: string): string {
  return text.replace(PARAMS, 'params: [redacted]');
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
};

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error thrown]', stack: '' };
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.name,
    message: redactErrorText(error.message),
    stack: redactErrorText(error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
  };
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

export function loggerOptions(level: LogLevel, stream?: LogStream) {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      // Headers and bodies are never logged: they may carry tokens and passwords.
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
