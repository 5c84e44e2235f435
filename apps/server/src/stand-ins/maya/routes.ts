import { randomBytes } from 'node:crypto';
import { MAYA_STAND_IN } from '@wps/contract/socialProviders';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { configString } from '../../services/identity/index.js';
import { appPath, badRequest, notFound, queryOf, standInRow, withQuery } from '../provider-pages.js';
import type { FakeMaya } from './fake.js';

/** The stand-in's wallet users: the same key is the same wallet account every run. */
const MAYA_USERS = [
  { key: 'ana', name: 'Ana Cruz' },
  { key: 'ben', name: 'Ben Reyes' },
] as const;

/**
 * The Maya wallet app's stand-in (docs/social-sign-in.md), for merchants whose `maya` row has
 * `standIn`: the wallet opening the site with a fresh one-time session of `fake`, whose API answers
 * in process (provider-api.ts).
 */
export function mayaStandInRoutes(app: FastifyInstance, ctx: AppContext, fake: FakeMaya): void {
  // GET ?user=ana|ben|new[&go=/m/…]: the wallet app opening the site with a fresh one-time session.
  app.get(MAYA_STAND_IN.launchPath, async (request, reply) => {
    const { row } = await standInRow(ctx, request, 'maya');
    const clientId = configString(row.publicConfig, 'clientId');
    if (clientId === null) throw notFound();
    const query = queryOf(request);
    const go = appPath(query.go, '/m/home');
    const key = query.user ?? 'ana';
    const known = MAYA_USERS.find((user) => user.key === key);
    if (known === undefined && key !== 'new') throw badRequest('user: a test user');
    const sessionId = fake.issueSession(clientId, known?.name ?? `Test ${randomBytes(3).toString('hex')}`);
    const env = configString(row.publicConfig, 'env') ?? 'production';
    return reply
      .header('cache-control', 'no-store')
      .redirect(
        withQuery(go, { [MAYA_STAND_IN.sessionParam]: sessionId, [MAYA_STAND_IN.envParam]: env }),
        302,
      );
  });
}
