import { SENSITIVE_QUERY_PARAMS } from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config.js';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** Also the demo game's launch ticket (`/demo-game/?ticket=`): a live one opens a play session. */
const SENSITIVE = new Set<string>([...SENSITIVE_QUERY_PARAMS, 'ticket'].map((name) => name.toLowerCase()));

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

export function loggerOptions(level: LogLevel, stream?: LogStream) {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
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
