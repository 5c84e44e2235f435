import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { merchantDomains } from '../../db/schema/index.js';
import { backends, merchantRow, useTestApp } from '../../test/test-app.js';

describe.each(backends)('merchant resolution from the Host header (%s)', (backend) => {
  const t = useTestApp(backend);

  it.each([
    ['localhost', 'aurora'],
    ['127.0.0.1', 'aurora'],
    ['[::1]', 'aurora'],
    ['localhost:8080', 'aurora'],
    ['[::1]:8080', 'aurora'],
    ['LOCALHOST', 'aurora'],
    ['aurora.localhost', 'aurora'],
    ['LOTUS.localhost:8080', 'lotus'],
    ['lotus.localhost:443', 'lotus'],
    ['orbit.localhost', 'orbit'],
  ])('%s answers merchant %s', async (host, code) => {
    const response = await t.app.inject({ url: endpoints.status.path, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, value: { merchantCode: code } });
  });

  it.each([
    ['unknown.example.com', 'unknown.example.com'],
    ['evil.aurora.localhost', 'evil.aurora.localhost'],
    ['nobody.localhost', 'nobody.localhost'],
    ['Unknown.Example.com:8443', 'unknown.example.com'],
    // A port the server was not configured for reaches no merchant (PORT, 80, 443, PUBLIC_PORTS).
    ['lotus.localhost:3000', 'lotus.localhost'],
    // Not a host at all: nothing of it is echoed back.
    ['bad host<>', ''],
    ['lotus.localhost:80@evil.example', ''],
  ])('%j is domain_not_available (404) with its domain', async (host, domain) => {
    const response = await t.app.inject({ url: endpoints.status.path, headers: { host } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      errorCode: ErrorCode.DOMAIN_NOT_AVAILABLE,
      message: expect.any(String),
      data: { domain },
    });
  });

  it('an empty Host header is domain_not_available', async () => {
    // inject fills in a host, so this one goes over a real socket.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET ${endpoints.status.path} HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      errorCode: ErrorCode.DOMAIN_NOT_AVAILABLE,
      data: { domain: '' },
    });
  });

  it('finds a merchant by a domain of the domain table', async () => {
    const lotus = await merchantRow(t.db, 'lotus');
    await t.db.insert(merchantDomains).values({ domain: 'play.lotus.example', merchantId: lotus.id });
    const response = await t.app.inject({
      url: endpoints.status.path,
      headers: { host: 'PLAY.lotus.example:443' },
    });
    expect(response.json()).toMatchObject({ value: { merchantCode: 'lotus' } });
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY', async () => {
    const response = await t.app.inject({
      url: endpoints.status.path,
      headers: { host: 'localhost', 'x-forwarded-host': 'lotus.localhost' },
    });
    expect(response.json()).toMatchObject({ value: { merchantCode: 'aurora' } });
  });
});
