import { ErrorCode } from '@wps/contract/errorCodes';
import type { SystemStatus } from '@wps/contract/system';
import type { WpsSuccess } from '@wps/contract/envelope';
import { endpoints } from '@wps/contract/endpoints';
import { beforeEach, describe, expect, it } from 'vitest';
import { backends, updateMerchant, useTestApp } from '../../test/test-app.js';

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

describe.each(backends)('GET /wps/v2/system/status (%s)', (backend) => {
  const t = useTestApp(backend);

  async function status(
    options: { host?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await t.app.inject({
      url: `${endpoints.status.path}?device=MOBILE&track=home&originalDomain=localhost&url=%2Fm%2Fhome`,
      headers: { host: options.host ?? 'localhost', ...options.headers },
      ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as WpsSuccess<SystemStatus>).value;
  }

  beforeEach(async () => {
    await updateMerchant(t.db, 'aurora', {
      maintenanceStart: null,
      maintenanceEnd: null,
      regionBlockedCidrs: [],
      regionAllowedCidrs: null,
    });
  });

  it.each([
    { name: 'no window', start: null, end: null, maintenance: false, endIso: false },
    { name: 'inside the window', start: at(-HOUR), end: at(HOUR), maintenance: true, endIso: true },
    { name: 'after the end', start: at(-2 * HOUR), end: at(-HOUR), maintenance: false, endIso: false },
    { name: 'before the start', start: at(HOUR), end: at(2 * HOUR), maintenance: false, endIso: false },
    { name: 'open-ended, started', start: at(-HOUR), end: null, maintenance: true, endIso: false },
  ])('maintenance: $name', async ({ start, end, maintenance, endIso }) => {
    await updateMerchant(t.db, 'aurora', { maintenanceStart: start, maintenanceEnd: end });
    const value = await status();
    expect(value.maintenance).toBe(maintenance);
    expect(value.maintenanceEnd).toBe(endIso && end !== null ? end.toISOString() : null);
  });

  it('the seeded Orbit merchant is in maintenance for 30 days', async () => {
    const value = await status({ host: 'orbit.localhost' });
    expect(value.maintenance).toBe(true);
    const days = (Date.parse(value.maintenanceEnd ?? '') - Date.now()) / (24 * HOUR);
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it.each([
    { name: 'no rules', blocked: [], allowed: null, ip: '127.0.0.1', restricted: false },
    { name: 'blocked CIDR', blocked: ['127.0.0.0/8'], allowed: null, ip: '127.0.0.1', restricted: true },
    {
      name: 'other blocked CIDR',
      blocked: ['10.0.0.0/8'],
      allowed: null,
      ip: '127.0.0.1',
      restricted: false,
    },
    {
      name: 'outside the allow-list',
      blocked: [],
      allowed: ['10.0.0.0/8'],
      ip: '127.0.0.1',
      restricted: true,
    },
    {
      name: 'inside the allow-list',
      blocked: [],
      allowed: ['127.0.0.1/32'],
      ip: '127.0.0.1',
      restricted: false,
    },
    {
      name: 'blocked wins over allowed',
      blocked: ['127.0.0.1'],
      allowed: ['127.0.0.0/8'],
      ip: '127.0.0.1',
      restricted: true,
    },
    { name: 'IPv6 blocked', blocked: ['2001:db8::/32'], allowed: null, ip: '2001:db8::5', restricted: true },
    {
      name: 'IPv6 not blocked',
      blocked: ['2001:db8::/32'],
      allowed: null,
      ip: '2001:db9::1',
      restricted: false,
    },
    {
      name: 'IPv6 allowed',
      blocked: [],
      allowed: ['2001:db8::/32'],
      ip: '2001:db8:ffff::1',
      restricted: false,
    },
    {
      name: 'IPv4-mapped caller',
      blocked: ['192.0.2.0/24'],
      allowed: null,
      ip: '::ffff:192.0.2.7',
      restricted: true,
    },
    {
      name: 'malformed rule skipped',
      blocked: ['not-a-cidr', '10.0.0.0/99'],
      allowed: null,
      ip: '10.1.1.1',
      restricted: false,
    },
  ])('region: $name', async ({ blocked, allowed, ip, restricted }) => {
    await updateMerchant(t.db, 'aurora', { regionBlockedCidrs: blocked, regionAllowedCidrs: allowed });
    const value = await status({ remoteAddress: ip });
    expect(value.regionRestriction).toBe(restricted);
    expect(value.ip).toBe(ip.replace(/^::ffff:/, ''));
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    await updateMerchant(t.db, 'aurora', { regionBlockedCidrs: ['203.0.113.0/24'] });
    const value = await status({ headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(value).toMatchObject({ ip: '127.0.0.1', regionRestriction: false });
  });

  it.each([
    ['device', 'device=TABLET'],
    ['track too long', `track=${'x'.repeat(201)}`],
  ])('rejects a bad query (%s) with invalid_request', async (_name, query) => {
    const response = await t.app.inject({ url: `${endpoints.status.path}?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: ErrorCode.INVALID_REQUEST });
  });
});

describe.each(backends)('status behind a trusted proxy (%s)', (backend) => {
  describe.each([
    { trustProxy: true as const, honoured: true },
    { trustProxy: ['127.0.0.1/32'], honoured: true },
    { trustProxy: 1, honoured: true },
    { trustProxy: ['10.0.0.1'], honoured: false },
  ])('TRUST_PROXY=$trustProxy', ({ trustProxy, honoured }) => {
    const t = useTestApp(backend, { config: { trustProxy } });

    it(`${honoured ? 'uses' : 'ignores'} X-Forwarded-For for the region rule`, async () => {
      await updateMerchant(t.db, 'aurora', { regionBlockedCidrs: ['203.0.113.0/24'] });
      const response = await t.app.inject({
        url: endpoints.status.path,
        headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' },
      });
      expect((response.json() as WpsSuccess<SystemStatus>).value).toMatchObject(
        honoured
          ? { ip: '203.0.113.9', regionRestriction: true }
          : { ip: '127.0.0.1', regionRestriction: false },
      );
    });
  });
});
