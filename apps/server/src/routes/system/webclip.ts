import { AppPath } from '@wps/contract/routes';
import { ErrorCode } from '@wps/contract/errorCodes';
import { SystemResourcePath } from '@wps/contract/system';
import { manifestQuerySchema } from '@wps/contract/schemas/system';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { WpsHttpError } from '../../http/errors.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { renderIcon } from '../../lib/icon.js';
import { themeColors } from '../../services/merchants/theme.js';
import { buildWebClipProfile, MOBILECONFIG_CONTENT_TYPE } from '../../services/merchants/webclip.js';

/**
 * GET /wps/system/webclip.mobileconfig?merchantCode=…: the merchant's iOS web-clip profile, its name,
 * its generated 180 px icon (the apple-touch-icon of the manifest routes) and its home page, with
 * `homescreen=1` so the clip's launches count as home-screen launches. The merchant is the host's
 * (a code naming another merchant is refused), so the URL in the profile is always one of the
 * merchant's own hosts, rebuilt from its checked parts — never a Host header chosen by the caller.
 */
export function webClipRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(SystemResourcePath.webClipProfile, async (request, reply) => {
    const { merchantCode } = parseInput(manifestQuerySchema, request.query);
    const merchant = await requireMerchant(ctx, request);
    if (merchantCode !== undefined && merchantCode.toLowerCase() !== merchant.code) {
      throw new WpsHttpError(404, ErrorCode.MERCHANT_NOT_FOUND, 'Unknown merchant.');
    }
    const colors = themeColors(merchant.template);
    const icon = renderIcon(180, {
      text: merchant.name,
      background: colors.primary,
      ink: colors.primaryContrast,
      accent: colors.accent,
      square: true,
    });
    const profile = buildWebClipProfile({
      merchantCode: merchant.code,
      merchantName: merchant.name,
      url: `${requestOrigin(request)}${AppPath.home}?homescreen=1`,
      icon,
    });
    return reply
      .type(MOBILECONFIG_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${merchant.code}.mobileconfig"`)
      .header('cache-control', 'public, max-age=300')
      .send(profile);
  });
}
