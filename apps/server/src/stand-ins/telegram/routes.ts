import { randomBytes, randomInt } from 'node:crypto';
import { TELEGRAM_STAND_IN } from '@wps/contract/socialProviders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requestOrigin } from '../../http/merchant.js';
import { configString } from '../../services/identity/index.js';
import {
  appPath,
  badRequest,
  choicePage,
  messagePage,
  notFound,
  queryOf,
  sendHtml,
  sendJson,
  standInRow,
  withQuery,
} from '../provider-pages.js';
import { encodeWidgetAuth, signInitData, signWidgetAuth } from './sign.js';

/** The stand-in's test users: the same key is the same person at Telegram every run. */
const TELEGRAM_USERS = [
  { key: 'lan', id: 700000001, first_name: 'Lan', last_name: 'Nguyen', username: 'lan_tg' },
  { key: 'minh', id: 700000002, first_name: 'Minh', last_name: 'Tran', username: 'minh_tg' },
] as const;

/**
 * The Telegram login widget's stand-in (docs/social-sign-in.md) for merchants whose `telegram` row
 * has `standIn`: the widget page (popup or redirect) and a mini app's initData, signed with the
 * merchant's bot token as Telegram signs them. Any other merchant's host answers 404.
 */
export function telegramStandInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const telegramBot = async (request: FastifyRequest) => {
    const { merchant, row } = await standInRow(ctx, request, 'telegram');
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
}
