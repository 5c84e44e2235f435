import { APP_ICON_SIZES, type AppIconSize, SystemResourcePath } from '@wps/contract/system';
import { ErrorCode } from '@wps/contract/errorCodes';
import { manifestQuerySchema } from '@wps/contract/schemas/system';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { merchantFromCodeOrHost } from '../../http/merchant.js';
import { renderIcon } from '../../lib/icon.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { buildManifest } from '../../services/merchants/manifest.js';
import { themeColors } from '../../services/merchants/theme.js';

const ICON_CACHE_CONTROL = 'public, max-age=604800';
const ICON_FILE = /^(\d{3})\.png$/;

function iconSize(file: string): AppIconSize | null {
  const size = Number(ICON_FILE.exec(file)?.[1]);
  return APP_ICON_SIZES.find((candidate) => candidate === size) ?? null;
}

export function manifestRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Rendering a 512 px icon takes a few milliseconds; keep the bytes per design.
  const icons = new TtlCache<Buffer>(10 * 60_000, 100);

  app.get(SystemResourcePath.manifest, async (request, reply) => {
    const { merchantCode } = parseInput(manifestQuerySchema, request.query);
    const merchant = await merchantFromCodeOrHost(ctx, request, merchantCode?.toLowerCase());
    // Bare JSON, not the envelope: the browser reads the manifest itself.
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(JSON.stringify(buildManifest(merchant)));
  });

  app.get(`${SystemResourcePath.iconPrefix}:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const size = iconSize(file);
    if (size === null) throw new WpsHttpError(404, ErrorCode.NOT_FOUND, 'No such icon.');
    const { merchantCode } = parseInput(manifestQuerySchema, request.query);
    const merchant = await merchantFromCodeOrHost(ctx, request, merchantCode?.toLowerCase());
    const colors = themeColors(merchant.template);
    const key = `${merchant.code}:${size}:${colors.primary}:${colors.primaryContrast}:${colors.accent}:${merchant.name}`;
    let png = icons.get(key);
    if (png === undefined) {
      png = renderIcon(size, {
        text: merchant.name,
        background: colors.primary,
        ink: colors.primaryContrast,
        accent: colors.accent,
        square: size === 180,
      });
      icons.set(key, png);
    }
    return reply.type('image/png').header('cache-control', ICON_CACHE_CONTROL).send(png);
  });
}
