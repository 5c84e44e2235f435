import { describe, expect, it } from 'vitest';
import { IpRanges, normalizeIp, parseCidr, RegionRule } from './ip-rules.js';

describe('parseCidr', () => {
  it.each([
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['192.0.2.1', { address: '192.0.2.1', prefix: 32, family: 'ipv4' }],
    ['2001:db8::/32', { address: '2001:db8::', prefix: 32, family: 'ipv6' }],
    ['::1', { address: '::1', prefix: 128, family: 'ipv6' }],
    ['::ffff:10.0.0.1/32', { address: '10.0.0.1', prefix: 32, family: 'ipv4' }],
    ['10.0.0.0/33', null],
    ['10.0.0.0/x', null],
    ['10.0.0.0/8/1', null],
    ['example.com/8', null],
    ['', null],
  ])('%j → %j', (entry, parsed) => {
    expect(parseCidr(entry)).toEqual(parsed);
  });
});

describe('IpRanges and RegionRule', () => {
  const ranges = new IpRanges(['10.0.0.0/8', '2001:db8::/32', 'junk']);

  it.each([
    ['10.1.2.3', true],
    ['::ffff:10.1.2.3', true],
    ['11.0.0.1', false],
    ['2001:db8:1::1', true],
    ['2001:db9::1', false],
    ['not an ip', false],
  ])('%s in ranges: %s', (ip, inside) => {
    expect(ranges.has(ip)).toBe(inside);
  });

  it('reports malformed entries', () => {
    expect(ranges.invalid).toEqual(['junk']);
    expect(ranges.size).toBe(2);
  });

  it.each([
    { blocked: [], allowed: null, ip: '1.1.1.1', restricted: false },
    { blocked: ['1.1.1.0/24'], allowed: null, ip: '1.1.1.1', restricted: true },
    { blocked: [], allowed: ['1.1.1.0/24'], ip: '1.1.1.1', restricted: false },
    { blocked: [], allowed: ['1.1.1.0/24'], ip: '8.8.8.8', restricted: true },
    { blocked: [], allowed: [], ip: '8.8.8.8', restricted: false },
    { blocked: ['1.1.1.1'], allowed: ['1.1.1.0/24'], ip: '1.1.1.1', restricted: true },
  ])('blocked $blocked, allowed $allowed, $ip → $restricted', ({ blocked, allowed, ip, restricted }) => {
    expect(new RegionRule(blocked, allowed).isRestricted(ip)).toBe(restricted);
  });

  it('normalizes IPv4-mapped addresses only', () => {
    expect(normalizeIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeIp('::ffff:abcd')).toBe('::ffff:abcd');
  });
});
