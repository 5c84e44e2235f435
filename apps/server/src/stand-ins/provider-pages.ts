import { ErrorCode } from '@wps/contract/errorCodes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { WpsHttpError } from '../http/errors.js';
import { requireMerchant } from '../http/merchant.js';
import { escapeHtml } from '../lib/html.js';
import { configFlag } from '../services/identity/index.js';
import { scriptJson, standInPage } from './page.js';

/**
 * What the pages of the LINE, Telegram and Maya stand-ins share (docs/social-sign-in.md): their
 * script, policy, page shapes and query checks, and the host's merchant's stand-in row.
 */

/** The stand-in pages' script: hands the widget's result to the opener (popup mode). */
export const PROVIDER_STAND_IN_SCRIPT_PATH = '/wps/dev/telegram/standin.js';

/** Their own policy: their script only, inline styles, no framing by others, no forms. */
const STAND_IN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** A path of the app on this host (no scheme, host, `//`, backslash or control characters). */
const APP_PATH = /^\/m(?:[/?][^\\#\s\p{Cc}]*)?$/u;
const APP_PATH_MAX = 2048;

/**
 * Runs in the widget: posts the message to the page that opened it (a popup) or embeds it (an
 * iframe), on this origin only; a popup then closes.
 */
const STAND_IN_SCRIPT = `(function () {
  var element = document.getElementById('wps-standin-message');
  if (element === null) return;
  var data = JSON.parse(element.textContent || '{}');
  var framed = window.parent !== window;
  var target = window.opener || (framed ? window.parent : null);
  if (target && data.targetOrigin === window.location.origin && data.message) {
    target.postMessage(data.message, data.targetOrigin);
  }
  if (!framed) window.close();
})();
`;

/** The script the stand-in pages load. */
export function providerStandInScriptRoute(app: FastifyInstance): void {
  app.get(PROVIDER_STAND_IN_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(STAND_IN_SCRIPT),
  );
}

export function badRequest(message: string): WpsHttpError {
  return new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ${message}`);
}

export function notFound(): WpsHttpError {
  return new WpsHttpError(404, ErrorCode.NOT_FOUND, 'Not found.');
}

export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const raw = (typeof request.query === 'object' && request.query !== null ? request.query : {}) as Record<
    string,
    unknown
  >;
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string' && value.length <= 4096) query[name] = value;
  }
  return query;
}

/** An app path of this host for the redirect modes, else 400 (no open redirect). */
export function appPath(value: string | undefined, fallback: string): string {
  const path = value ?? fallback;
  if (path.length > APP_PATH_MAX || !APP_PATH.test(path))
    throw badRequest('return: a path of this site under /m');
  return path;
}

export function choicePage(
  title: string,
  intro: string,
  links: { href: string; label: string }[],
  others: { href: string; label: string }[],
): string {
  const items = links
    .map((link) => `<li><a class="user" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`)
    .join('\n');
  const extra = others
    .map((link) => `<a class="other" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`)
    .join('\n');
  return standInPage(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(intro)}</p>\n<ul>\n${items}\n</ul>\n${extra}`,
  );
}

export function messagePage(message: unknown, targetOrigin: string): string {
  return standInPage(
    'Signing in…',
    `<p>Signing in…</p>
<script id="wps-standin-message" type="application/json">${scriptJson({ message, targetOrigin })}</script>
<script src="${PROVIDER_STAND_IN_SCRIPT_PATH}"></script>`,
  );
}

export function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', STAND_IN_CSP)
    .send(html);
}

export function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body));
}

export function withQuery(path: string, params: Record<string, string>): string {
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
}

/** The host's merchant's enabled stand-in row of `provider`, else 404. */
export async function standInRow(
  ctx: AppContext,
  request: FastifyRequest,
  provider: 'line' | 'telegram' | 'maya',
) {
  const merchant = await requireMerchant(ctx, request);
  const row = await ctx.identity.identityProviders.enabled(merchant.id, provider);
  if (row === null || !configFlag(row.publicConfig, 'standIn')) throw notFound();
  return { merchant, row };
}
