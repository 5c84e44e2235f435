import { endpoints } from '@wps/contract/endpoints';
import { isWpsFailure } from '@wps/contract/envelope';
import type { WpsFetch } from '@wps/contract/serverRender';
import type { FastifyRequest } from 'fastify';
import { TtlCache } from '../lib/ttl-cache.js';
import { pageMerchantFromSettings, type PageMerchant } from '../services/merchants/page-merchant.js';
import { PAGE_UPSTREAM_TIMEOUT_MS, readBounded, type UpstreamClient } from './upstream-client.js';
import { forwardedHeaders, forwardedOf, type ForwardedFor } from './upstream-request.js';

/** A settings answer is a few kilobytes; far more is not one. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The upstream could not say (down, slow, overloaded): not remembered, asked again next time. */
export class UpstreamSettingsUnavailable extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'UpstreamSettingsUnavailable';
  }
}

/**
 * The merchant of a page's host in proxy mode: what the upstream's `GET /wps/system/settings`
 * answers for that host, cached briefly and bounded like the database's merchant directory. A host
 * the upstream refuses (domain_not_available, any 4xx) or describes badly is remembered as none.
 */
export class UpstreamMerchants {
  private readonly cache: TtlCache<PageMerchant | null>;

  constructor(
    private readonly client: UpstreamClient,
    ttlMs: number,
    now: () => number = Date.now,
  ) {
    this.cache = new TtlCache(ttlMs, 2000, now);
  }

  /** Rejects with UpstreamSettingsUnavailable when the upstream cannot tell now. */
  byHost(forwarded: ForwardedFor): Promise<PageMerchant | null> {
    return this.cache.getOrLoad(forwarded.host, () => this.load(forwarded));
  }

  private async load(forwarded: ForwardedFor): Promise<PageMerchant | null> {
    let status: number;
    let text: string;
    try {
      const answer = await this.client.send({
        method: 'GET',
        path: endpoints.settings.path,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'identity',
          ...forwardedHeaders(forwarded),
        },
        timeoutMs: Math.min(this.client.timeoutMs, PAGE_UPSTREAM_TIMEOUT_MS),
      });
      status = answer.statusCode ?? 502;
      text = (await readBounded(answer, MAX_SETTINGS_BYTES)).toString('utf8');
    } catch (error) {
      throw new UpstreamSettingsUnavailable('the upstream did not answer the settings call', {
        cause: error,
      });
    }
    // Its rate limit or an outage says nothing about the host.
    if (status === 429 || status >= 500) {
      throw new UpstreamSettingsUnavailable(`the upstream answered the settings call with ${status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return null;
    }
    if (isWpsFailure(body) || status !== 200) return null;
    const value = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
    return pageMerchantFromSettings(value);
  }

  clear(): void {
    this.cache.clear();
  }
}

/** routes/web's PageSource, spelled out here: http/ sits below routes and does not import them. */
export interface UpstreamPageSource {
  merchantOf(request: FastifyRequest): Promise<PageMerchant | null>;
  fetchFor(request: FastifyRequest): WpsFetch;
}

/**
 * Pages in proxy mode: the merchant from the upstream's settings, the renderer's calls to the
 * upstream. No first-banner preload: that reads the lobby from a database this server does not have,
 * and a rendered home page already carries the banner as an `<img fetchpriority=high>`.
 */
export function upstreamPageSource(client: UpstreamClient, merchants: UpstreamMerchants): UpstreamPageSource {
  return {
    async merchantOf(request: FastifyRequest) {
      const forwarded = forwardedOf(request);
      if (forwarded === null) return null;
      try {
        return await merchants.byHost(forwarded);
      } catch (error) {
        // The page as built: the browser asks for the settings itself.
        request.log.warn({ err: error }, 'page served as built: the upstream did not name its merchant');
        return null;
      }
    },
    fetchFor: (request) => client.wpsFetch(forwardedOf(request)),
  };
}
