import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionKeyRoutes } from './key.js';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  sessionKeyRoutes(app, ctx);
}
