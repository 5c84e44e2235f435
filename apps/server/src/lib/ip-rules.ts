import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` is how a dual-stack socket reports an IPv4 caller; rules are written for 1.2.3.4. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Parses "10.0.0.0/8", "2001:db8::/32" or a single address; null when malformed. */
export function parseCidr(
  entry: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [rawAddress = '', rawPrefix, extra] = entry.trim().split('/');
  const address = normalizeIp(rawAddress);
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A set of CIDR ranges, IPv4 and IPv6. Malformed entries are skipped (and reported by `invalid`). */
export class IpRanges {
  private readonly list = new BlockList();
  readonly size: number;
  readonly invalid: string[] = [];

  constructor(entries: readonly string[]) {
    let size = 0;
    for (const entry of entries) {
      const cidr = parseCidr(entry);
      if (cidr === null) {
        this.invalid.push(entry);
        continue;
      }
      this.list.addSubnet(cidr.address, cidr.prefix, cidr.family);
      size += 1;
    }
    this.size = size;
  }

  has(ip: string): boolean {
    const address = normalizeIp(ip);
    const version = isIP(address);
    if (version === 0) return false;
    return this.list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  }
}

/** A merchant's region rule: restricted when blocked, or when an allow-list exists and misses. */
export class RegionRule {
  private readonly blocked: IpRanges;
  private readonly allowed: IpRanges | null;

  constructor(blocked: readonly string[], allowed: readonly string[] | null) {
    this.blocked = new IpRanges(blocked);
    // An empty allow-list is read as "no allow-list": a typo must not lock every visitor out.
    this.allowed = allowed === null || allowed.length === 0 ? null : new IpRanges(allowed);
  }

  get invalidEntries(): string[] {
    return [...this.blocked.invalid, ...(this.allowed?.invalid ?? [])];
  }

  isRestricted(ip: string): boolean {
    if (this.blocked.has(ip)) return true;
    return this.allowed !== null && !this.allowed.has(ip);
  }
}
