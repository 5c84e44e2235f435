import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { catalogueRoutes } from './catalogue.js';
import { contentRoutes } from './content.js';
import { launchRoutes } from './launch.js';

/** The lobby and game calls: the catalogue and lobby content, and launches with the member's lists. */
export function gameRoutes(app: FastifyInstance, ctx: AppContext): void {
  catalogueRoutes(app, ctx);
  launchRoutes(app, ctx);
  contentRoutes(app, ctx);
}
