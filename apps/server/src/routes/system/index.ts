import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { catalogueRoutes } from './catalogue.js';
import { collectRoutes } from './collect.js';
import { csScriptRoutes } from './cs-script.js';
import { manifestRoutes } from './manifest.js';
import { pushRoutes } from './push.js';
import { settingsRoutes } from './settings.js';
import { statusRoutes } from './status.js';
import { webClipRoutes } from './webclip.js';

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  statusRoutes(app, ctx);
  settingsRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  manifestRoutes(app, ctx);
  collectRoutes(app, ctx);
  webClipRoutes(app, ctx);
  pushRoutes(app, ctx);
  csScriptRoutes(app, ctx);
}
