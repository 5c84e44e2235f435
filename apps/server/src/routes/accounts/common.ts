import { TransportHeader } from '@wps/contract/transport';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import type { AuthenticatedSession, Caller } from '../../services/identity/index.js';
import type { Merchant } from '../../services/merchants/repository.js';

/** The caller's address as the account rules compare it (throttles, session ip binding). */
export function clientIp(request: FastifyRequest): string {
  return normalizeIp(request.ip);
}

/** The caller as the account services see it: its address and its User-Agent. */
export function callerOf(request: FastifyRequest): Caller {
  const userAgent = request.headers['user-agent'];
  return { ip: clientIp(request), ...(typeof userAgent === 'string' ? { userAgent } : {}) };
}

/** The session of the request's bare-token Authorization header (TransportHeader.authorization). */
export function requireSession(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
): Promise<AuthenticatedSession> {
  const header = request.headers[TransportHeader.authorization.toLowerCase()];
  const token = typeof header === 'string' ? header.trim() : undefined;
  return ctx.identity.sessions.authenticate(token, merchant.id, clientIp(request));
}
