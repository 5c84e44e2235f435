import type { Db } from '../../db/client.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { lookupForHost, parseHost, type HostLookup } from './host.js';
import { findMerchantByCode, findMerchantCodeByDomain, type Merchant } from './repository.js';

export const MERCHANT_CACHE_TTL_MS = 30_000;
/** Distinct Host header values whose parse is remembered; past it the memo starts again. */
const HOST_MEMO_MAX = 1_024;

/**
 * Finds the merchant of a request. Caches only read-mostly configuration, briefly, so every
 * instance behind a load balancer converges on the database within the TTL.
 */
export class MerchantDirectory {
  private readonly byCodeCache: TtlCache<Merchant | null>;
  private readonly byDomainCache: TtlCache<string | null>;
  /** The parse of a raw Host header depends on nothing else: every call of a host after its first reuses it. */
  private readonly lookups = new Map<string, HostLookup>();

  constructor(
    private readonly db: Db,
    private readonly defaultMerchant: string,
    ttlMs: number = MERCHANT_CACHE_TTL_MS,
    /** Ports a Host header may name (null: any); a host with another port belongs to no merchant. */
    private readonly allowedPorts: ReadonlySet<number> | null = null,
  ) {
    this.byCodeCache = new TtlCache(ttlMs, 500);
    this.byDomainCache = new TtlCache(ttlMs, 2000);
  }

  async byCode(code: string): Promise<Merchant | null> {
    const key = code.toLowerCase();
    return this.byCodeCache.getOrLoad(key, () => findMerchantByCode(this.db, key));
  }

  /** What a raw Host header names: one parse and port check for `byHost` and `byHostCached`. */
  private lookupOf(rawHost: string | undefined): HostLookup {
    const key = rawHost ?? '';
    const known = this.lookups.get(key);
    if (known !== undefined) return known;
    const lookup = this.parseLookup(rawHost);
    if (this.lookups.size >= HOST_MEMO_MAX) this.lookups.clear();
    this.lookups.set(key, lookup);
    return lookup;
  }

  private parseLookup(rawHost: string | undefined): HostLookup {
    const host = parseHost(rawHost);
    const portRefused =
      host !== null && host.port !== null && this.allowedPorts !== null && !this.allowedPorts.has(host.port);
    return host === null || portRefused ? { kind: 'invalid' } : lookupForHost(host.hostname);
  }

  /** The merchant for a raw Host header value, or null when the host belongs to none. */
  async byHost(rawHost: string | undefined): Promise<Merchant | null> {
    const lookup = this.lookupOf(rawHost);
    switch (lookup.kind) {
      case 'default':
        return this.byCode(this.defaultMerchant);
      case 'code':
        return this.byCode(lookup.code);
      case 'domain': {
        const code = await this.byDomainCache.getOrLoad(lookup.domain, () =>
          findMerchantCodeByDomain(this.db, lookup.domain),
        );
        return code === null ? null : this.byCode(code);
      }
      case 'invalid':
        return null;
    }
  }

  /**
   * The merchant for a raw Host header value when the caches already hold the answer, without a
   * promise (the busiest calls answer from here); undefined when a cache misses and `byHost` must
   * load. Answers exactly what `byHost` would from the same caches.
   */
  byHostCached(rawHost: string | undefined): Merchant | null | undefined {
    const lookup = this.lookupOf(rawHost);
    switch (lookup.kind) {
      case 'default':
        return this.byCodeCache.get(this.defaultMerchant.toLowerCase());
      case 'code':
        return this.byCodeCache.get(lookup.code.toLowerCase());
      case 'domain': {
        const code = this.byDomainCache.get(lookup.domain);
        if (code === undefined || code === null) return code;
        return this.byCodeCache.get(code.toLowerCase());
      }
      case 'invalid':
        return null;
    }
  }

  clear(): void {
    this.byCodeCache.clear();
    this.byDomainCache.clear();
  }
}
