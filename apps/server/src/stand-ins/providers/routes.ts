import { randomBytes, randomInt } from 'node:crypto';
import { ErrorCode, LINE_STAND_IN, MAYA_STAND_IN, TELEGRAM_STAND_IN } from '@wps/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { WpsHttpError } from '../../http/errors.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { escapeHtml } from '../../lib/html.js';
import { fakeLineUser } from '../line/fake.js';
import {
  encodeWidgetAuth,
  signInitData,
  signWidgetAuth,
} from '../../services/identity/providers/telegram.js';
import { configFlag, configString } from '../../services/identity/social/providers.js';
import { scriptJson, standInPage } from '../page.js';

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

/** The stand-ins' test users: the same key is the same person at the provider every run. */
const TELEGRAM_USERS = [
  { key: 'lan', id: 700000001, first_name: 'Lan', last_name: 'Nguyen', username: 'lan_tg' },
  { key: 'minh', id: 700000002, first_name: 'Minh', last_name: 'Tran', username: 'minh_tg' },
] as const;
const LINE_USERS = [
  { key: 'lan', name: 'Lan Nguyen' },
  { key: 'somchai', name: 'Somchai Dee' },
] as const;
const MAYA_USERS = [
  { key: 'ana', name: 'Ana Cruz' },
  { key: 'ben', name: 'Ben Reyes' },
] as const;

function badRequest(message: string): WpsHttpError {
  return new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ${message}`);
}

function notFound(): WpsHttpError {
  return new WpsHttpError(404, ErrorCode.NOT_FOUND, 'Not found.');
}

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
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
function appPath(value: string | undefined, fallback: string): string {
  const path = value ?? fallback;
  if (path.length > APP_PATH_MAX || !APP_PATH.test(path))
    throw badRequest('return: a path of this site under /m');
  return path;
}

function choicePage(
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

function messagePage(message: unknown, targetOrigin: string): string {
  return standInPage(
    'Signing in…',
    `<p>Signing in…</p>
<script id="wps-standin-message" type="application/json">${scriptJson({ message, targetOrigin })}</script>
<script src="${PROVIDER_STAND_IN_SCRIPT_PATH}"></script>`,
  );
}

function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', STAND_IN_CSP)
    .send(html);
}

function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body));
}

function withQuery(path: string, params: Record<string, string>): string {
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
}

/**
 * The stand-ins of LINE, the Telegram login widget and the Maya wallet (docs/social-sign-in.md), for
 * merchants whose provider row has `standIn`, on a server that runs stand-ins (never with
 * NODE_ENV=production). Elsewhere every path answers 404, as if the routes did not exist.
 */
export function providerStandInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const standIns = ctx.accounts.providerSignIns.standIns;
  if (standIns === null) return;
  const providers = ctx.accounts.identityProviders;

  /** The host's merchant's enabled stand-in row of `provider`. */
  const standInRow = async (request: FastifyRequest, provider: 'line' | 'telegram' | 'maya') => {
    const merchant = await requireMerchant(ctx, request);
    const row = await providers.enabled(merchant.id, provider);
    if (row === null || !configFlag(row.publicConfig, 'standIn')) throw notFound();
    return { merchant, row };
  };

  app.get(PROVIDER_STAND_IN_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(STAND_IN_SCRIPT),
  );

  // ---- Telegram login widget ---------------------------------------------------------------------

  const telegramBot = async (request: FastifyRequest) => {
    const { merchant, row } = await standInRow(request, 'telegram');
    const botId = configString(row.publicConfig, 'botId');
    const botToken = configString(row.secretConfig, 'botToken');
    if (botId === null || botToken === null) throw notFound();
    return { merchant, botId, botToken };
  };

  const telegramResult = (key: string | undefined, botToken: string): Record<string, string | number> => {
    const known = TELEGRAM_USERS.find((user) => user.key === key);
    const user =
      known ??
      (key === 'new'
        ? {
            id: randomInt(800_000_000, 900_000_000),
            first_name: 'Test',
            last_name: randomBytes(3).toString('hex'),
            username: '',
          }
        : null);
    if (user === null) throw badRequest('user: a test user');
    const fields: Record<string, string | number> = {
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      auth_date: Math.floor(ctx.now() / 1000),
    };
    if (user.username !== '') fields.username = user.username;
    return signWidgetAuth(fields, botToken);
  };

  // GET ?bot_id=…[&mode=popup|redirect][&return=/m/…][&user=lan|minh|new|cancel|blocked]
  app.get(TELEGRAM_STAND_IN.widgetPath, async (request, reply) => {
    const { merchant, botId, botToken } = await telegramBot(request);
    const query = queryOf(request);
    if (query.bot_id !== botId) throw badRequest('bot_id: the merchant’s bot');
    const mode = query.mode ?? 'popup';
    if (mode !== 'popup' && mode !== 'redirect') throw badRequest('mode: popup or redirect');
    const returnPath = mode === 'redirect' ? appPath(query.return, '/m/login') : null;
    const href = (user: string) =>
      withQuery(TELEGRAM_STAND_IN.widgetPath, {
        bot_id: botId,
        mode,
        ...(returnPath === null ? {} : { return: returnPath }),
        user,
      });
    if (query.user === undefined) {
      return sendHtml(
        reply,
        choicePage(
          'Log in with Telegram',
          `Local stand-in of the Telegram login widget for ${merchant.name}: choose a test user.`,
          [
            ...TELEGRAM_USERS.map((user) => ({
              href: href(user.key),
              label: `${user.first_name} ${user.last_name} (@${user.username})`,
            })),
            { href: href('new'), label: 'A new test user' },
          ],
          [
            { href: href('cancel'), label: 'Cancel' },
            ...(mode === 'popup' ? [{ href: href('blocked'), label: 'Simulate a blocked popup' }] : []),
          ],
        ),
      );
    }
    const origin = requestOrigin(request);
    if (query.user === 'cancel') {
      if (returnPath !== null) return reply.header('cache-control', 'no-store').redirect(returnPath, 302);
      return sendHtml(reply, messagePage(null, origin));
    }
    if (query.user === 'blocked' && mode === 'popup') {
      return sendHtml(reply, messagePage({ event: 'popupBlocked' }, origin));
    }
    const result = telegramResult(query.user, botToken);
    if (returnPath !== null) {
      const encoded = encodeWidgetAuth(result).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      return reply.header('cache-control', 'no-store').redirect(`${returnPath}#tgAuthResult=${encoded}`, 302);
    }
    return sendHtml(reply, messagePage({ event: 'getTgAuthData', data: result }, origin));
  });

  // GET ?user=lan|minh|new : initData as Telegram hands it to a mini app (e2e of the mini-app path).
  app.get(TELEGRAM_STAND_IN.initDataPath, async (request, reply) => {
    const { botToken } = await telegramBot(request);
    const result = telegramResult(queryOf(request).user ?? 'lan', botToken);
    const user: Record<string, string | number> = { id: result.id ?? 0, first_name: result.first_name ?? '' };
    if (result.last_name !== undefined) user.last_name = result.last_name;
    if (result.username !== undefined) user.username = result.username;
    const initData = signInitData(
      {
        query_id: `AA${randomBytes(12).toString('base64url')}`,
        user: JSON.stringify(user),
        auth_date: String(Math.floor(ctx.now() / 1000)),
      },
      botToken,
    );
    return sendJson(reply, { initData });
  });

  // ---- LINE ----------------------------------------------------------------------------------------

  // GET with LINE's authorize query (+ user=lan|somchai|new|cancel once chosen).
  app.get(LINE_STAND_IN.authorizePath, async (request, reply) => {
    const query = queryOf(request);
    const problem = await standIns.line.authorizeProblem(query);
    if (problem !== null) {
      // As LINE: a bad client or redirect URI is shown, never redirected to.
      return sendHtml(
        reply,
        standInPage('LINE Login (stand-in)', `<h1>400 Bad Request</h1>\n<p>${escapeHtml(problem)}</p>`),
        400,
      );
    }
    const redirectUri = query.redirect_uri ?? '';
    const state = query.state ?? '';
    const href = (user: string) => withQuery(LINE_STAND_IN.authorizePath, { ...definedOnly(query), user });
    if (query.user === undefined) {
      return sendHtml(
        reply,
        choicePage(
          'LINE Login',
          'Local stand-in of LINE Login: choose a test user to allow the sign-in.',
          [
            ...LINE_USERS.map((user) => ({ href: href(user.key), label: user.name })),
            { href: href('new'), label: 'A new test user' },
          ],
          [{ href: href('cancel'), label: 'Cancel' }],
        ),
      );
    }
    if (query.user === 'cancel') {
      return reply.header('cache-control', 'no-store').redirect(
        withQuery(redirectUri, {
          error: 'access_denied',
          error_description: 'The user has denied the approval',
          state,
        }),
        302,
      );
    }
    const known = LINE_USERS.find((user) => user.key === query.user);
    if (known === undefined && query.user !== 'new') throw badRequest('user: a test user');
    const user = fakeLineUser(known?.name ?? `Test ${randomBytes(3).toString('hex')}`);
    const code = standIns.line.issueCode({
      channelId: query.client_id ?? '',
      redirectUri,
      codeChallenge: query.code_challenge ?? '',
      user,
    });
    return reply.header('cache-control', 'no-store').redirect(withQuery(redirectUri, { code, state }), 302);
  });

  // GET ?user=lan|somchai : an access token as the LINE app hands a LIFF page (the in-app variant).
  app.get(LINE_STAND_IN.liffTokenPath, async (request, reply) => {
    const { row } = await standInRow(request, 'line');
    const channelId = configString(row.publicConfig, 'channelId');
    if (channelId === null) throw notFound();
    const known = LINE_USERS.find((user) => user.key === (queryOf(request).user ?? 'lan'));
    if (known === undefined) throw badRequest('user: a test user');
    return sendJson(reply, {
      accessToken: standIns.line.issueAccessToken(channelId, fakeLineUser(known.name)),
    });
  });

  // ---- Maya wallet ---------------------------------------------------------------------------------

  // GET ?user=ana|ben|new[&go=/m/…]: the wallet app opening the site with a fresh one-time session.
  app.get(MAYA_STAND_IN.launchPath, async (request, reply) => {
    const { row } = await standInRow(request, 'maya');
    const clientId = configString(row.publicConfig, 'clientId');
    if (clientId === null) throw notFound();
    const query = queryOf(request);
    const go = appPath(query.go, '/m/home');
    const key = query.user ?? 'ana';
    const known = MAYA_USERS.find((user) => user.key === key);
    if (known === undefined && key !== 'new') throw badRequest('user: a test user');
    const sessionId = standIns.maya.issueSession(
      clientId,
      known?.name ?? `Test ${randomBytes(3).toString('hex')}`,
    );
    const env = configString(row.publicConfig, 'env') ?? 'production';
    return reply
      .header('cache-control', 'no-store')
      .redirect(
        withQuery(go, { [MAYA_STAND_IN.sessionParam]: sessionId, [MAYA_STAND_IN.envParam]: env }),
        302,
      );
  });
}

function definedOnly(query: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'user') result[name] = value;
  }
  return result;
}
