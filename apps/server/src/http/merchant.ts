import { ErrorCode } from '@wps/contract/errorCodes';
import type { DomainNotAvailableData } from '@wps/contract/system';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { normalizeHost, parseHost } from '../services/merchants/host.js';
import type { Merchant } from '../services/merchants/repository.js';
import { WpsHttpError } from './errors.js';

/**
 * The merchant of the request host. `request.host` follows X-Forwarded-Host only when TRUST_PROXY
 * trusts the proxy, so a direct caller cannot pick another merchant's host with a header.
 */
export async function requireMerchant(ctx: AppContext, request: FastifyRequest): Promise<Merchant> {
  const merchant = await ctx.merchants.byHost(request.host);
  if (merchant !== null) return merchant;
  throw domainNotAvailable(ctx, request);
}

/** The refusal of a host no merchant serves, with the way out the server knows (OFFICIAL_SITE_URL). */
function domainNotAvailable(ctx: AppContext, request: FastifyRequest): WpsHttpError {
  const official = ctx.config.officialSiteUrl;
  const data: DomainNotAvailableData = {
    domain: normalizeHost(request.host),
    ...(official ? { officialUrl: official } : {}),
  };
  return new WpsHttpError(404, ErrorCode.DOMAIN_NOT_AVAILABLE, 'This domain is not available.', data);
}

/**
 * `requireMerchant` without a promise when the directory's caches hold the host's merchant (the
 * usual case): the same merchant or the same refusal, thrown at once.
 */
export function requireMerchantSoon(ctx: AppContext, request: FastifyRequest): Merchant | Promise<Merchant> {
  const merchant = ctx.merchants.byHostCached(request.host);
  if (merchant === undefined) return requireMerchant(ctx, request);
  if (merchant !== null) return merchant;
  throw domainNotAvailable(ctx, request);
}

/** A merchant named by a query parameter (manifest, icons), else the host's merchant. */
export async function merchantFromCodeOrHost(
  ctx: AppContext,
  request: FastifyRequest,
  code: string | undefined,
): Promise<Merchant> {
  if (code === undefined) return requireMerchant(ctx, request);
  const merchant = await ctx.merchants.byCode(code);
  if (merchant === null) throw new WpsHttpError(404, ErrorCode.MERCHANT_NOT_FOUND, 'Unknown merchant.');
  return merchant;
}

/**
 * `protocol://host[:port]` of the request, for absolute URLs handed back to it (a game's URL): rebuilt
 * from the parsed Host that `requireMerchant` accepted, never the raw header, so nothing a caller
 * writes there (userinfo, a path) can make the URL point elsewhere. Call after `requireMerchant`.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = parseHost(request.host);
  if (host === null)
    throw new WpsHttpError(404, ErrorCode.DOMAIN_NOT_AVAILABLE, 'This domain is not available.');
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host.hostname}${host.port === null ? '' : `:${host.port}`}`;
}
