import { SERVER_STATE_ELEMENT_ID, type ServerRenderResult } from '@wps/contract/serverRender';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/test-app.js';
import { deferScripts, insertRenderedScreen, isRenderable, serializeState } from './render.js';

/**
 * A stand-in for apps/web/dist-server/entry-server.js that speaks the same contract: it reads the
 * settings through the fetch it is given (so the test sees the in-process /wps transport work) and
 * answers markup naming the merchant, with a hostile string in its state.
 */
const RENDERER_SOURCE = `
export let calls = 0;
export async function renderScreen(input) {
  const response = await input.fetch('/wps/system/settings', { method: 'GET', headers: { Merchant: input.merchantCode } });
  const envelope = await response.json();
  return {
    html: '<main class="rendered" data-url="' + encodeURIComponent(input.url) + '">' + envelope.value.merchantName + ' ' + input.language + '</main>',
    state: {
      merchantCode: input.merchantCode,
      language: input.language,
      catalog: { hello: 'Hi' },
      settings: envelope.value,
      queries: { '["x"]["hostile"]': '</script><script>alert(1)</script>\\u2028' },
    },
  };
}
`;
const rendererDir = mkdtempSync(join(tmpdir(), 'wps-renderer-'));
const rendererFile = join(rendererDir, 'entry-server.mjs');
writeFileSync(rendererFile, RENDERER_SOURCE);

function stateOf(html: string): unknown {
  const match = new RegExp(
    `<script id="${SERVER_STATE_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  return match === null ? null : JSON.parse(match[1] ?? '');
}

describe('isRenderable: an address with a credential is left to the browser', () => {
  it.each([
    ['', true],
    ['?affiliateCode=a1', true],
    ['?tokenish=1', true],
    ['?token=abc', false],
    ['?TOKEN=abc', false],
    ['?a=1&Tokens=x', false],
    ['?authorization=Bearer%20x', false],
    ['?%74oken=abc', false],
  ])('%s → %s', (query, expected) => {
    expect(isRenderable(query)).toBe(expected);
  });
});

describe('serializeState: the state cannot end its script element', () => {
  const base: ServerRenderResult['state'] = {
    merchantCode: 'aurora',
    language: 'EN',
    catalog: {},
    settings: {} as ServerRenderResult['state']['settings'],
    queries: {},
  };
  it.each([['</script><script>alert(1)</script>'], ['<!--'], ['a & b > c'], ['line\u2028separator\u2029']])(
    '%j round-trips without a raw <, > or line separator',
    (hostile) => {
      const text = serializeState({ ...base, queries: { value: hostile } });
      expect(text).not.toMatch(/[<>\u2028\u2029]/);
      expect((JSON.parse(text) as typeof base).queries.value).toBe(hostile);
    },
  );
});

describe('insertRenderedScreen', () => {
  const rendered: ServerRenderResult = {
    html: '<p>$& $1 screen</p>',
    state: {
      merchantCode: 'aurora',
      language: 'EN',
      catalog: {},
      settings: {} as ServerRenderResult['state']['settings'],
      queries: {},
    },
  };
  it('replaces the placeholder, keeping replacement patterns literal', () => {
    const page =
      '<body><div id="root"><main>old</main></div><!--wps:root-end--><script src="/a.js"></script></body>';
    const html = insertRenderedScreen(page, rendered);
    expect(html).toContain('<div id="root"><p>$&amp; $1 screen</p></div>'.replace('&amp;', '&'));
    expect(html).not.toContain('old');
    expect(html).toContain(`<script id="${SERVER_STATE_ELEMENT_ID}"`);
  });
  it('leaves a template without the placeholder as it is', () => {
    const page = '<body><div id="root"></div></body>';
    expect(insertRenderedScreen(page, rendered)).toBe(page);
  });
});

describe('deferScripts: a rendered page fetches its scripts after its first screen is shown', () => {
  const page = [
    '<head><link rel="stylesheet" href="/m/assets/a.css">',
    '<link rel="preload" as="image" fetchpriority="high" href="/wps/game/image/banner-1.avif">',
    '<script type="module" crossorigin src="/m/assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/m/assets/shell-1.js">',
    '<link rel="modulepreload" fetchpriority="low" crossorigin href="/m/assets/HomeScreen-1.js"></head>',
    '<body><div id="root"></div></body>',
  ].join('\n');

  it('drops the module preloads, fetches the entry at low priority and lists the modules', () => {
    const html = deferScripts(page, ['/m/assets/shell-1.js', '/m/assets/HomeScreen-1.js']);
    expect(html).not.toMatch(/modulepreload/);
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/m/assets/index-1.js">',
    );
    expect(html).toContain('<link rel="stylesheet" href="/m/assets/a.css">');
    expect(html).toContain('fetchpriority="high" href="/wps/game/image/banner-1.avif"');
    expect(html).toMatch(
      /<script id="wps-modules" type="application\/json">\["\/m\/assets\/shell-1.js","\/m\/assets\/HomeScreen-1.js"\]<\/script>\n {2}<\/body>/,
    );
  });

  it.each([
    ['a name that would close the element', ['/m/assets/x</script><script>alert(1)</script>.js']],
    ['no modules', []],
  ])('%s: the list stays one JSON element', (_case, modules) => {
    const html = deferScripts(page, modules);
    const list = /<script id="wps-modules" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(list ?? 'null')).toEqual(modules);
    expect(html.match(/<script/g)?.length).toBe(2);
  });
});

describe.each(backends)('server-rendered pages (%s)', (backend) => {
  const t = useTestApp(backend, { webDist: true, config: { webRenderer: rendererFile } });

  it.each(['/m/home', '/m/login', '/m/game?category=2'])(
    '%s carries the rendered screen and its state',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        `<main class="rendered" data-url="${encodeURIComponent(url)}">Aurora Play EN</main>`,
      );
      const state = stateOf(response.body) as ServerRenderResult['state'];
      expect(state.merchantCode).toBe('aurora');
      expect(state.settings.merchantName).toBe('Aurora Play');
      // The hostile string stayed inside the state: one closing tag for the state element.
      expect(response.body.match(/<\/script>/g)?.length).toBe(response.body.match(/<script/g)?.length);
    },
  );

  it.each([
    ['aurora', 'localhost', '/m/home', ['shell', 'HomeScreen', 'shared', 'bundledCatalogs', 'i18n/en']],
    [
      'lotus',
      'lotus.localhost',
      '/m/login',
      ['shell', 'LoginScreen', 'shared', 'bundledCatalogs', 'i18n/vi'],
    ],
  ])(
    '%s %s %s: no script before the first screen but the entry (low), then the app, screen and catalog',
    async (_merchant, host, url, chunks) => {
      const response = await t.app.inject({ url, headers: { host } });
      expect(response.body).not.toContain('modulepreload');
      expect(response.body).toContain(
        '<script type="module" fetchpriority="low" src="/m/assets/app-abc123.js">',
      );
      const list = /<script id="wps-modules" type="application\/json">(.*?)<\/script>/.exec(
        response.body,
      )?.[1];
      // Not what the entry loads on an event (the installed app's chunk).
      expect(JSON.parse(list ?? '[]')).toEqual(chunks.map((chunk) => `/m/assets/${chunk}-abc123.js`));
    },
  );

  it('renders another merchant for its own host, in its default language', async () => {
    const response = await t.app.inject({ url: '/m/home', headers: { host: 'lotus.localhost' } });
    expect(response.body).toMatch(/<main class="rendered"[^>]*>Lotus Lotto VI<\/main>/);
    expect((stateOf(response.body) as ServerRenderResult['state']).merchantCode).toBe('lotus');
  });

  it.each([
    ['a token in the address', '/m/home?token=secret-token', {}],
    ['an unknown host', '/m/home', { host: 'unknown.example' }],
  ])('%s: the static shell, no state', async (_case, url, headers) => {
    const response = await t.app.inject({ url, headers });
    expect(response.body).not.toContain('class="rendered"');
    expect(response.body).not.toContain(SERVER_STATE_ELEMENT_ID);
    expect(response.body).not.toContain('secret-token');
    // The browser renders it: the app's code is fetched at once, as the build links it.
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/m/assets/shell-abc123.js">',
    );
    expect(response.body).not.toContain('wps-modules');
  });
});

describe.each(backends)('a renderer that fails (%s)', (backend) => {
  const brokenFile = join(rendererDir, 'broken.mjs');
  writeFileSync(brokenFile, 'export async function renderScreen() { throw new Error("boom"); }\n');
  const t = useTestApp(backend, { webDist: true, config: { webRenderer: brokenFile } });

  it('answers the static shell, 200', async () => {
    const response = await t.app.inject({ url: '/m/home' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<main class="shell-main"></main>');
    expect(response.body).not.toContain(SERVER_STATE_ELEMENT_ID);
  });
});
