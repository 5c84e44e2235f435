/** How a request host maps to a merchant (ARCHITECTURE: merchant resolution). */
export type HostLookup =
  | { kind: 'default' }
  | { kind: 'code'; code: string }
  | { kind: 'domain'; domain: string }
  | { kind: 'invalid' };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const CODE_SUBDOMAIN = /^([a-z0-9][a-z0-9-]{0,31})\.localhost$/;
const DOMAIN_CHARS = /^[a-z0-9.\-[\]:]{1,253}$/;

/** The host without its port, lower-cased, without a trailing dot; '' when absent. */
export function normalizeHost(raw: string | undefined): string {
  let host = (raw ?? '').trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else if (host.split(':').length === 2) {
    host = host.slice(0, host.indexOf(':'));
  }
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function lookupForHost(host: string): HostLookup {
  if (LOOPBACK_HOSTS.has(host)) return { kind: 'default' };
  const subdomain = CODE_SUBDOMAIN.exec(host);
  if (subdomain?.[1] !== undefined) return { kind: 'code', code: subdomain[1] };
  if (!DOMAIN_CHARS.test(host)) return { kind: 'invalid' };
  return { kind: 'domain', domain: host };
}
