import { ErrorCode, TransportHeader, type WhitelabelFlag } from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { WpsHttpError } from '../../http/errors.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import type { AuthenticatedSession } from '../../services/accounts/sessions.js';
import type { CaptchaProof } from '../../services/captcha/provider.js';
import type { Merchant } from '../../services/merchants/repository.js';

export function clientIp(request: FastifyRequest): string {
  return normalizeIp(request.ip);
}

export function flagOn(merchant: Merchant, flag: WhitelabelFlag): boolean {
  return merchant.flags[flag] === true;
}

/** The session of the request's bare-token Authorization header (TransportHeader.authorization). */
export function requireSession(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
): Promise<AuthenticatedSession> {
  const header = request.headers[TransportHeader.authorization.toLowerCase()];
  const token = typeof header === 'string' ? header.trim() : undefined;
  return ctx.accounts.sessions.authenticate(token, merchant.id, clientIp(request));
}

/** When `flag` is on, the request must carry an unused captcha pass of this merchant. */
export async function requireCaptcha(
  ctx: AppContext,
  merchant: Merchant,
  flag: WhitelabelFlag,
  proof: CaptchaProof,
): Promise<void> {
  if (!flagOn(merchant, flag)) return;
  if (proof.geetestSeccode === undefined && proof.geetestValidateV4 === undefined) {
    throw new WpsHttpError(400, ErrorCode.CAPTCHA_REQUIRED, 'Please complete the captcha.');
  }
  const provider = await ctx.accounts.captcha.providerFor(merchant);
  if (!(await provider.consume(merchant.id, proof))) {
    throw new WpsHttpError(400, ErrorCode.CAPTCHA_INVALID, 'The captcha has expired. Please try again.');
  }
}

export function requireModule(request: FastifyRequest, moduleId: string): void {
  const header = request.headers[TransportHeader.moduleId.toLowerCase()];
  if (header !== moduleId) {
    throw new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ModuleId must be ${moduleId}.`);
  }
}

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

export function badRequest(code: string, message: string): WpsHttpError {
  return new WpsHttpError(400, code, message);
}
