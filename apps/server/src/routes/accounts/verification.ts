import {
  ErrorCode,
  MemberPath,
  ok,
  VerificationPath,
  type SmsRequestResult,
  type WpsSuccess,
} from '@wps/contract';
import { passwordResetEmailSchema, passwordResetSmsSchema, smsRequestSchema } from '@wps/contract/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { customers } from '../../db/schema.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { CODE_RULES, mobileDestination, type CodeTarget } from '../../services/accounts/codes.js';
import { checkNewPassword, passwordExpiry } from '../../services/accounts/policy.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { badRequest, requireCaptcha } from './common.js';

/** What a code request answers, whether or not a code was sent (an account's existence never shows). */
const SENT: SmsRequestResult = {
  resendAfter: CODE_RULES.resendIntervalMs / 1000,
  expiresIn: CODE_RULES.ttlMs / 1000,
};

async function sendCode(
  ctx: AppContext,
  merchant: Merchant,
  target: CodeTarget,
  customerId: number | null,
  what: string,
): Promise<SmsRequestResult> {
  const issued = await ctx.accounts.codes.issue(target, customerId);
  const text = `${merchant.name}: your ${what} code is ${issued.code}. It expires in ${issued.expiresIn / 60} minutes.`;
  if (target.channel === 'sms') {
    await ctx.accounts.sms.send({ merchantId: merchant.id, destination: target.destination, text });
  } else {
    await ctx.accounts.mail.send({
      merchantId: merchant.id,
      destination: target.destination,
      subject: what,
      text,
    });
  }
  return { resendAfter: issued.resendAfter, expiresIn: issued.expiresIn };
}

/** Sets a new password after a reset code: flags cleared, every session ended. */
async function resetPassword(ctx: AppContext, customerId: number, newPassword: string): Promise<void> {
  const passwordHash = await ctx.accounts.passwords.hash(newPassword);
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
      .where(eq(customers.id, customerId));
    await ctx.accounts.sessions.revokeAll(tx, customerId);
  });
}

const invalidCode = () =>
  badRequest(ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct or has expired.');

export function verificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(VerificationPath.smsNoLogin, async (request, reply): Promise<WpsSuccess<SmsRequestResult>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(smsRequestSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    await requireCaptcha(ctx, merchant, 'SMSCAPTCHA3', body);
    const purpose = body.purpose ?? 'register';
    const dialingCode = body.countryDialingCode.replace(/^\+/, '');
    const destination = mobileDestination(dialingCode, body.mobileNum);
    let customerId: number | null = null;
    if (purpose !== 'register') {
      const [customer] = await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.merchantId, merchant.id),
            eq(customers.countryDialingCode, dialingCode),
            eq(customers.mobileNum, body.mobileNum),
          ),
        )
        .limit(1);
      // No account: the same answer, no message.
      if (customer === undefined) return ok(SENT);
      customerId = customer.id;
    }
    const what = purpose === 'register' ? 'registration' : purpose === 'login' ? 'login' : 'password reset';
    return ok(
      await sendCode(
        ctx,
        merchant,
        { merchantId: merchant.id, channel: 'sms', destination, purpose },
        customerId,
        what,
      ),
    );
  });

  app.post(MemberPath.passwordResetEmail, async (request, reply): Promise<WpsSuccess<null>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(passwordResetEmailSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const email = body.email.toLowerCase();
    const target: CodeTarget = {
      merchantId: merchant.id,
      channel: 'email',
      destination: email,
      purpose: 'reset',
    };
    if (body.code === undefined) {
      const [customer] = await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.merchantId, merchant.id),
            eq(sql`lower(${customers.username})`, body.username.toLowerCase()),
            eq(sql`lower(${customers.email})`, email),
          ),
        )
        .limit(1);
      if (customer !== undefined) await sendCode(ctx, merchant, target, customer.id, 'password reset');
      return ok(null);
    }
    if (body.newPassword === undefined)
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. newPassword: Required');
    checkNewPassword(body.newPassword);
    const used = await ctx.accounts.codes.consume(target, body.code);
    if (used === null || used.customerId === null) throw invalidCode();
    await resetPassword(ctx, used.customerId, body.newPassword);
    return ok(null);
  });

  app.post(MemberPath.passwordResetSms, async (request, reply): Promise<WpsSuccess<null>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(passwordResetSmsSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const dialingCode = body.countryDialingCode.replace(/^\+/, '');
    const target: CodeTarget = {
      merchantId: merchant.id,
      channel: 'sms',
      destination: mobileDestination(dialingCode, body.mobileNum),
      purpose: 'reset',
    };
    if (body.code === undefined) {
      const [customer] = await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.merchantId, merchant.id),
            eq(customers.countryDialingCode, dialingCode),
            eq(customers.mobileNum, body.mobileNum),
          ),
        )
        .limit(1);
      if (customer !== undefined) await sendCode(ctx, merchant, target, customer.id, 'password reset');
      return ok(null);
    }
    if (body.newPassword === undefined)
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. newPassword: Required');
    checkNewPassword(body.newPassword);
    const used = await ctx.accounts.codes.consume(target, body.code);
    if (used === null || used.customerId === null) throw invalidCode();
    await resetPassword(ctx, used.customerId, body.newPassword);
    return ok(null);
  });
}
