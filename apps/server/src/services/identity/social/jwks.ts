import { createLocalJWKSet, type CryptoKey, type JSONWebKeySet, type JWSHeaderParameters } from 'jose';

/** A key set that cannot be had now (network, status, shape): the sign-in cannot be checked, not refused. */
export class KeySetUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeySetUnavailable';
  }
}

/** What jose's jwtVerify takes as its key: a function of the token's header. */
export type KeyResolver = (header: JWSHeaderParameters) => Promise<CryptoKey>;

export interface RemoteKeySetOptions {
  now: () => number;
  /** A token whose kid is not in the set refetches at most this often (keys rotate rarely). */
  refreshIntervalMs?: number;
  /** When the answer names no max-age. */
  defaultMaxAgeMs?: number;
  /** Upper bound of a max-age, so a wrong header cannot pin old keys for weeks. */
  maxMaxAgeMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Loaded {
  resolve: ReturnType<typeof createLocalJWKSet>;
  kids: ReadonlySet<string>;
  expiresAt: number;
}

/** `max-age` of a Cache-Control header in ms (no-store / no-cache: 0), or null when absent. */
export function maxAgeMs(cacheControl: string | null): number | null {
  if (cacheControl === null) return null;
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/i.test(cacheControl)) return 0;
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,10})"?\s*(?:,|$)/i.exec(cacheControl);
  return match?.[1] === undefined ? null : Number(match[1]) * 1000;
}

/**
 * A JWKS fetched from a URL (Google's securetoken keys, or a test's local server), kept for the
 * answer's Cache-Control max-age. Verifications that need the keys while none are loaded share one
 * fetch; a kid missing from a loaded set, or a set past its max-age, refetches at most once per
 * `refreshIntervalMs` (a rotated key is found, a flood of made-up kids costs one fetch per interval),
 * and while the key server is out the set held is used.
 */
export class RemoteKeySet {
  private loaded: Loaded | null = null;
  private inflight: Promise<Loaded> | null = null;
  private lastFetchAt = Number.NEGATIVE_INFINITY;
  private readonly refreshIntervalMs: number;
  private readonly defaultMaxAgeMs: number;
  private readonly maxMaxAgeMs: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  /** How many fetches were started (tests count them). */
  fetches = 0;

  constructor(
    readonly url: string,
    private readonly options: RemoteKeySetOptions,
  ) {
    this.refreshIntervalMs = options.refreshIntervalMs ?? 30_000;
    this.defaultMaxAgeMs = options.defaultMaxAgeMs ?? 5 * 60_000;
    this.maxMaxAgeMs = options.maxMaxAgeMs ?? 24 * 3_600_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** The key of the token's kid; a kid nobody published fails as jose's "no matching key". */
  readonly resolve: KeyResolver = async (header) => {
    const now = this.options.now();
    let keys = this.loaded;
    if (keys === null) {
      keys = await this.load();
    } else if (
      (now >= keys.expiresAt || header.kid === undefined || !keys.kids.has(header.kid)) &&
      now - this.lastFetchAt >= this.refreshIntervalMs
    ) {
      keys = await this.loadOrKeep(keys);
    }
    return keys.resolve(header);
  };

  /**
   * A fresh set, or while the key server cannot be reached the set already held (keys are published
   * well before use and retired well after: an outage of the key server does not stop sign-in).
   */
  private async loadOrKeep(held: Loaded | null): Promise<Loaded> {
    try {
      return await this.load();
    } catch (error) {
      if (held === null || !(error instanceof KeySetUnavailable)) throw error;
      return held;
    }
  }

  private load(): Promise<Loaded> {
    if (this.inflight !== null) return this.inflight;
    this.lastFetchAt = this.options.now();
    this.fetches += 1;
    const pending = this.fetchKeys().finally(() => {
      this.inflight = null;
    });
    this.inflight = pending;
    return pending;
  }

  private async fetchKeys(): Promise<Loaded> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new KeySetUnavailable('the key set could not be fetched');
    }
    if (!response.ok) throw new KeySetUnavailable(`the key set answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new KeySetUnavailable('the key set is not JSON');
    }
    if (!isKeySet(body)) throw new KeySetUnavailable('the key set has no keys');
    const maxAge = maxAgeMs(response.headers.get('cache-control')) ?? this.defaultMaxAgeMs;
    const loaded: Loaded = {
      resolve: createLocalJWKSet(body),
      kids: new Set(body.keys.map((key) => key.kid).filter((kid): kid is string => typeof kid === 'string')),
      expiresAt: this.options.now() + Math.min(maxAge, this.maxMaxAgeMs),
    };
    this.loaded = loaded;
    return loaded;
  }
}

function isKeySet(body: unknown): body is JSONWebKeySet {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { keys?: unknown }).keys) &&
    (body as { keys: unknown[] }).keys.every((key) => typeof key === 'object' && key !== null)
  );
}
