import {
  AccountPath,
  ALL_LANGUAGES,
  ErrorCode,
  MemberPath,
  ok,
  type MemberInfo,
  type WpsSuccess,
} from '@wps/contract';
import { changePasswordSchema, languagePayloadSchema } from '@wps/contract/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { customers } from '../../db/schema.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { clubLabelOf } from '../../services/accounts/memberExtras.js';
import { checkNewPassword, passwordExpiry } from '../../services/accounts/policy.js';
import { badRequest, requireSession } from './common.js';

export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(MemberPath.info, async (request, reply): Promise<WpsSuccess<MemberInfo>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return ok({
      id: String(customer.id),
      account: customer.username,
      type: customer.customerType,
      language: customer.language ?? merchant.defaultLanguage,
      clubLabel: clubLabelOf(customer),
    });
  });

  app.post(MemberPath.language, async (request, reply): Promise<WpsSuccess<null>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(languagePayloadSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    const language = body.language.toUpperCase();
    if (!(ALL_LANGUAGES as readonly string[]).includes(language)) {
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. language: unsupported');
    }
    if (body.merchantCode !== undefined && body.merchantCode.toLowerCase() !== merchant.code) {
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. merchantCode: another merchant');
    }
    await ctx.db.update(customers).set({ language }).where(eq(customers.id, customer.id));
    return ok(null);
  });

  app.post(AccountPath.changePassword, async (request, reply): Promise<WpsSuccess<null>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(changePasswordSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    checkNewPassword(body.newPassword);
    if (body.newPassword === body.oldPassword) {
      throw badRequest(ErrorCode.PASSWORD_NOT_ALLOWED, 'The new password must differ from the old one.');
    }
    if (!(await ctx.accounts.passwords.verify(session.customer.passwordHash, body.oldPassword))) {
      throw new WpsHttpError(400, ErrorCode.OLD_PASSWORD_INCORRECT, 'The current password is incorrect.');
    }
    const passwordHash = await ctx.accounts.passwords.hash(body.newPassword);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({
          passwordHash,
          firstTimeLogin: false,
          defaultPassword: false,
          passwordChangedAt: new Date(now),
          passwordExpiresAt: passwordExpiry(now, ctx.config.passwordExpiryDays),
        })
        .where(eq(customers.id, session.customer.id));
      // Other devices log in again with the new password; this one stays.
      await ctx.accounts.sessions.revokeAll(tx, session.customer.id, session.sessionId);
    });
    return ok(null);
  });
}
