/** How a request host maps to a merchant (ARCHITECTURE: merchant resolution). */
export type HostLookup =
  | { kind: 'default' }
  | { kind: 'code'; code: string }
  | { kind: 'domain'; domain: string }
  | { kind: 'invalid' };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const CODE_SUBDOMAIN = /^([a-z0-9][a-z0-9-]{0,31})\.localhost$/;
const DOMAIN_CHARS = /^[a-z0-9.\-[\]:]{1,253}$/;

/** A Host header's parts: the hostname lower-cased without a trailing dot, and the port if any. */
export interface ParsedHost {
  hostname: string;
  port: number | null;
}

/**
 * A hostname (letters, digits, dots, hyphens) or a bracketed IPv6 address, then an optional port.
 * Nothing else: no userinfo (`host:80@evil.example`), no path, no spaces, no second colon.
 */
const HOST_PATTERN = /^(\[[0-9a-f:.]{2,45}\]|[a-z0-9.-]{1,254})(?::([0-9]{1,5}))?$/;

/** The parts of a Host header value, or null when it is not one. */
export function parseHost(raw: string | undefined): ParsedHost | null {
  const match = HOST_PATTERN.exec((raw ?? '').trim().toLowerCase());
  if (match === null) return null;
  let hostname = match[1] ?? '';
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
  if (hostname === '' || hostname.startsWith('.') || hostname.includes('..')) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  return { hostname, port };
}

/** The host without its port, lower-cased, without a trailing dot; '' when absent or not a host. */
export function normalizeHost(raw: string | undefined): string {
  return parseHost(raw)?.hostname ?? '';
}

export function lookupForHost(host: string): HostLookup {
  if (LOOPBACK_HOSTS.has(host)) return { kind: 'default' };
  const subdomain = CODE_SUBDOMAIN.exec(host);
  if (subdomain?.[1] !== undefined) return { kind: 'code', code: subdomain[1] };
  if (!DOMAIN_CHARS.test(host)) return { kind: 'invalid' };
  return { kind: 'domain', domain: host };
}
