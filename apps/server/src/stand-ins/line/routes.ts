import { randomBytes } from 'node:crypto';
import { LINE_STAND_IN } from '@wps/contract/socialProviders';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { escapeHtml } from '../../lib/html.js';
import { configString } from '../../services/identity/index.js';
import { standInPage } from '../page.js';
import {
  badRequest,
  choicePage,
  notFound,
  queryOf,
  sendHtml,
  sendJson,
  standInRow,
  withQuery,
} from '../provider-pages.js';
import { fakeLineUser, type FakeLine } from './fake.js';

/** The stand-in's test users: the same key is the same person at LINE every run. */
const LINE_USERS = [
  { key: 'lan', name: 'Lan Nguyen' },
  { key: 'somchai', name: 'Somchai Dee' },
] as const;

/**
 * LINE Login's stand-in pages (docs/social-sign-in.md): the authorize step's consent page, and the
 * access token the LINE app hands a LIFF page, for merchants whose `line` row has `standIn`. LINE's
 * API (token, verify, profile) is `fake`, answered in process (provider-api.ts).
 */
export function lineStandInRoutes(app: FastifyInstance, ctx: AppContext, fake: FakeLine): void {
  // GET with LINE's authorize query (+ user=lan|somchai|new|cancel once chosen).
  app.get(LINE_STAND_IN.authorizePath, async (request, reply) => {
    const query = queryOf(request);
    const problem = await fake.authorizeProblem(query);
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
    const code = fake.issueCode({
      channelId: query.client_id ?? '',
      redirectUri,
      codeChallenge: query.code_challenge ?? '',
      user,
    });
    return reply.header('cache-control', 'no-store').redirect(withQuery(redirectUri, { code, state }), 302);
  });

  // GET ?user=lan|somchai : an access token as the LINE app hands a LIFF page (the in-app variant).
  app.get(LINE_STAND_IN.liffTokenPath, async (request, reply) => {
    const { row } = await standInRow(ctx, request, 'line');
    const channelId = configString(row.publicConfig, 'channelId');
    if (channelId === null) throw notFound();
    const known = LINE_USERS.find((user) => user.key === (queryOf(request).user ?? 'lan'));
    if (known === undefined) throw badRequest('user: a test user');
    return sendJson(reply, {
      accessToken: fake.issueAccessToken(channelId, fakeLineUser(known.name)),
    });
  });
}

function definedOnly(query: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'user') result[name] = value;
  }
  return result;
}
