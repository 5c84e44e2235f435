import { ErrorCode } from '@wps/contract/errorCodes';
import { FIREBASE_STAND_IN, isFirebaseChannel, type FirebaseChannel } from '@wps/contract/social';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { WpsHttpError } from '../../http/errors.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { escapeHtml } from '../../lib/html.js';
import { scriptJson, standInPage } from '../page.js';
import { newStandInUser, STAND_IN_USERS, type FirebaseStandIn, type StandInUser } from './stand-in.js';

/** The stand-in page's script: hands the result to the opener (popup mode). */
export const STAND_IN_SCRIPT_PATH = '/wps/dev/firebase/standin.js';

/** Its own policy: its script only, inline styles, no framing, no forms, no other origin. */
export const STAND_IN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the redirect mode may send the browser back to: a path of the app on this host. */
const RETURN_PATH = /^\/m(?:[/?][^\\#\s\p{Cc}]*)?$/u;
const RETURN_MAX_LENGTH = 2048;
const CANCELLED = 'auth/popup-closed-by-user';

/** Runs in the popup: posts the result to the page that opened it, on this origin only, and closes. */
const STAND_IN_SCRIPT = `(function () {
  var element = document.getElementById('wps-standin-result');
  if (element === null) return;
  var data = JSON.parse(element.textContent || '{}');
  var message = data.error
    ? { type: data.type, error: data.error }
    : { type: data.type, idToken: data.idToken, provider: data.provider };
  if (window.opener && data.targetOrigin === window.location.origin) {
    window.opener.postMessage(message, data.targetOrigin);
  }
  window.close();
})();
`;

interface StandInQuery {
  provider: FirebaseChannel;
  mode: 'popup' | 'redirect';
  returnPath: string | null;
  user: string | null;
}

function badRequest(message: string): WpsHttpError {
  return new WpsHttpError(400, ErrorCode.INVALID_REQUEST, message);
}

function notFound(): WpsHttpError {
  return new WpsHttpError(404, ErrorCode.NOT_FOUND, 'Not found.');
}

function single(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The page's query, checked: a Firebase provider, popup or redirect, a return path of the app. */
export function parseStandInQuery(query: unknown): StandInQuery {
  const fields = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const provider = single(fields.provider);
  if (provider === null || !isFirebaseChannel(provider)) throw badRequest('provider: a Firebase provider');
  const mode = single(fields.mode) ?? 'popup';
  if (mode !== 'popup' && mode !== 'redirect') throw badRequest('mode: popup or redirect');
  const returnPath = single(fields.return);
  if (mode === 'redirect') {
    if (returnPath === null || returnPath.length > RETURN_MAX_LENGTH || !RETURN_PATH.test(returnPath)) {
      throw badRequest('return: a path of this site under /m');
    }
  }
  const user = single(fields.user);
  if (user !== null && !/^[A-Za-z0-9]{1,64}$/.test(user)) throw badRequest('user: a test user');
  return { provider, mode, returnPath: mode === 'redirect' ? returnPath : null, user };
}

const PROVIDER_NAMES: Readonly<Record<FirebaseChannel, string>> = {
  'google.com': 'Google',
  'facebook.com': 'Facebook',
  'twitter.com': 'X',
  phone: 'Phone',
};

function choiceHref(query: StandInQuery, user: string): string {
  const params = new URLSearchParams({ provider: query.provider, mode: query.mode });
  if (query.returnPath !== null) params.set('return', query.returnPath);
  params.set('user', user);
  return `${FIREBASE_STAND_IN.signInPath}?${params.toString()}`;
}

function userLabel(user: StandInUser): string {
  const name = user.name === '' ? (user.phoneNumber ?? user.uid) : user.name;
  const detail = user.email ?? (user.name === '' ? null : user.phoneNumber);
  return `${escapeHtml(name)}${detail === null ? '' : `<small>${escapeHtml(detail)}</small>`}`;
}

function choicePage(merchantName: string, query: StandInQuery): string {
  const users = STAND_IN_USERS[query.provider]
    .map(
      (user) =>
        `<li><a class="user" href="${escapeHtml(choiceHref(query, user.uid))}">${userLabel(user)}</a></li>`,
    )
    .join('\n');
  const provider = PROVIDER_NAMES[query.provider];
  return standInPage(
    `Sign in with ${provider} (stand-in)`,
    `<h1>Sign in with ${escapeHtml(provider)}</h1>
<p>Local stand-in of Firebase Auth for ${escapeHtml(merchantName)}: choose a test user.</p>
<ul>
${users}
<li><a class="user" href="${escapeHtml(choiceHref(query, 'new'))}">A new test user<small>never seen before</small></a></li>
</ul>
<a class="cancel" href="${escapeHtml(choiceHref(query, 'cancel'))}">Cancel</a>`,
  );
}

function resultPage(result: Record<string, unknown>): string {
  return standInPage(
    'Signing in…',
    `<p>Signing in…</p>
<script id="wps-standin-result" type="application/json">${scriptJson(result)}</script>
<script src="${STAND_IN_SCRIPT_PATH}"></script>`,
  );
}

function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', STAND_IN_CSP)
    .send(html);
}

/**
 * The Firebase Auth stand-in (docs/social-sign-in.md): the sign-in page, its script and the key set,
 * for merchants whose Firebase settings have `standIn`, on a server that runs stand-ins (never with
 * NODE_ENV=production: there these routes do not exist). Any other merchant's host answers 404.
 */
export function firebaseStandInRoutes(app: FastifyInstance, ctx: AppContext, standIn: FirebaseStandIn): void {
  /** The host's merchant and its Firebase project, when it uses the stand-in. */
  const standInMerchant = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    const row = await ctx.identity.identityProviders.enabled(merchant.id, 'firebase');
    const projectId = row?.publicConfig.projectId;
    if (row?.publicConfig.standIn !== true || typeof projectId !== 'string' || projectId === '') {
      throw notFound();
    }
    return { merchant, projectId };
  };

  app.get(FIREBASE_STAND_IN.jwksPath, async (request, reply) => {
    await standInMerchant(request);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(await standIn.jwks()));
  });

  app.get(STAND_IN_SCRIPT_PATH, async (request, reply) => {
    await standInMerchant(request);
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(STAND_IN_SCRIPT);
  });

  app.get(FIREBASE_STAND_IN.signInPath, async (request, reply) => {
    const { merchant, projectId } = await standInMerchant(request);
    const query = parseStandInQuery(request.query);
    if (query.user === null) return sendHtml(reply, choicePage(merchant.name, query));
    return answerChoice(reply, standIn, query, projectId, requestOrigin(request));
  });
}

async function answerChoice(
  reply: FastifyReply,
  standIn: FirebaseStandIn,
  query: StandInQuery,
  projectId: string,
  origin: string,
): Promise<FastifyReply> {
  const { messageType, fragmentToken, fragmentProvider } = FIREBASE_STAND_IN;
  let idToken: string | null = null;
  if (query.user !== 'cancel') {
    const user =
      query.user === 'new'
        ? newStandInUser(query.provider)
        : STAND_IN_USERS[query.provider].find((each) => each.uid === query.user);
    if (user === undefined) throw badRequest('user: a test user of this provider');
    idToken = await standIn.mint(projectId, query.provider, user);
  }
  if (query.mode === 'redirect') {
    const fragment =
      idToken === null
        ? `wpsStandinError=${encodeURIComponent(CANCELLED)}`
        : `${fragmentToken}=${idToken}&${fragmentProvider}=${encodeURIComponent(query.provider)}`;
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${query.returnPath ?? '/m/login'}#${fragment}`, 302);
  }
  const result =
    idToken === null
      ? { type: messageType, error: CANCELLED, targetOrigin: origin }
      : { type: messageType, idToken, provider: query.provider, targetOrigin: origin };
  return sendHtml(reply, resultPage(result));
}
