import { endpoints } from '@wps/contract/endpoints';
import type { CustomerServiceScript } from '@wps/contract/chat';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/index.js';
import { AURORA, get, LOTUS, value } from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { CS_WIDGET_STAND_IN_PATH } from '../../stand-ins/cs-widget.js';

const WIDGET = 'https://widget.example.com/chat.js';

describe.each(backends)('third-party chat script (%s)', (backend) => {
  const t = useTestApp(backend, { webDist: true });

  const configure = async (code: string, script: string | null) => {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.code, code));
    if (!row) throw new Error(`no merchant ${code}`);
    await t.db
      .update(merchants)
      .set({ publicSettings: { ...row.publicSettings, customerServiceScript: script } })
      .where(eq(merchants.code, code));
  };
  const scriptOf = async (host: string) =>
    value<CustomerServiceScript>(await get(t.app, endpoints.customerServiceScript.path, { host })).src;
  const scriptSrcOf = async (host: string) => {
    const response = await t.app.inject({ url: '/m/home', headers: { host } });
    const csp = String(response.headers['content-security-policy'] ?? '');
    return /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  };

  it.each<[string, string | null, string | null]>([
    ['an https widget', WIDGET, WIDGET],
    ['the local stand-in (a path of this site)', CS_WIDGET_STAND_IN_PATH, CS_WIDGET_STAND_IN_PATH],
    ['none', null, null],
    ['plain http: refused', 'http://widget.example.com/chat.js', null],
    ['javascript: refused', 'javascript:alert(1)', null],
    ['scheme-relative: refused', '//evil.example/x.js', null],
  ])('%s → src %s', async (_name, configured, expected) => {
    await configure('aurora', configured);
    expect(await scriptOf(AURORA)).toBe(expected);
  });

  it('allows the widget’s origin in that merchant’s pages only, and nothing for a refused one', async () => {
    await configure('aurora', WIDGET);
    await configure('lotus', 'http://plain.example.com/chat.js');
    expect(await scriptSrcOf(AURORA)).toContain('https://widget.example.com');
    expect(await scriptSrcOf(LOTUS)).not.toContain('widget.example.com');
    expect(await scriptSrcOf(LOTUS)).not.toContain('plain.example.com');
  });

  it('serves the stand-in widget as a script', async () => {
    const response = await t.app.inject({ url: CS_WIDGET_STAND_IN_PATH, headers: { host: AURORA } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain('WpsChatWidget');
  });
});

describe('without stand-ins (production)', () => {
  const t = useTestApp('pglite', { config: { identityStandIns: false } });
  it('has no stand-in widget', async () => {
    const response = await t.app.inject({ url: CS_WIDGET_STAND_IN_PATH, headers: { host: AURORA } });
    expect(response.statusCode).toBe(404);
  });
});
