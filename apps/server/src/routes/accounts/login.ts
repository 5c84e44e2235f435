import {
  AccountPath,
  ErrorCode,
  ok,
  SessionPath,
  type LoginResult,
  type LoginVerifyRequired,
  type SecondFactorMethod,
  type WpsSuccess,
} from '@wps/contract';
import { loginPayloadSchema, loginVerificationSchema } from '@wps/contract/schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { customers, pendingLogins } from '../../db/schema.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { mobileDestination } from '../../services/accounts/codes.js';
import { totpAad } from '../../services/accounts/index.js';
import { loginResult, maskEmail, maskMobile } from '../../services/accounts/policy.js';
import type { Customer } from '../../services/accounts/sessions.js';
import { newToken, sha256Hex } from '../../services/accounts/tokens.js';
import { verifyTotp } from '../../services/accounts/totp.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { badRequest, clientIp, requireCaptcha, requireSession } from './common.js';

/** A half-done login waits this long for its second factor. */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
const PENDING_LOGIN_MAX_ATTEMPTS = 5;

function methodsOf(customer: Customer): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (customer.totpSecretSealed !== null) methods.push('ga');
  if (customer.emailTwoFactor && customer.email !== null) methods.push('email');
  if (customer.smsTwoFactor && customer.mobileNum !== null) methods.push('sms');
  return methods;
}

async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
  customer: Customer,
): Promise<LoginResult> {
  const token = await ctx.accounts.sessions.create(ctx.db, {
    merchantId: merchant.id,
    customerId: customer.id,
    ip: clientIp(request),
    bindIp: merchant.sessionIpBinding || customer.sessionIpBinding,
  });
  return loginResult(customer, token, ctx.now());
}

export function loginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(SessionPath.login, async (request, reply): Promise<WpsSuccess<LoginResult>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(loginPayloadSchema, request.body);
    if (body.type !== 'username' && body.type !== 'sms') {
      throw badRequest(
        ErrorCode.INVALID_REQUEST,
        `Invalid request. Login type ${body.type} is not offered here.`,
      );
    }
    const bySms = body.type === 'sms';
    if (
      bySms
        ? body.countryDialingCode === undefined || body.mobileNum === undefined
        : body.username === undefined
    ) {
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. The account is missing.');
    }
    if (body.password === undefined)
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. password: Required');
    const merchant = await requireMerchant(ctx, request);
    const ip = clientIp(request);
    const account = bySms
      ? mobileDestination(body.countryDialingCode ?? '', body.mobileNum ?? '')
      : (body.username ?? '').toLowerCase();
    await ctx.accounts.throttle.check(merchant.id, account, ip);
    await requireCaptcha(ctx, merchant, 'LOGINCAPTCHA3', body);

    const [customer] = await ctx.db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.merchantId, merchant.id),
          bySms
            ? and(
                eq(customers.countryDialingCode, (body.countryDialingCode ?? '').replace(/^\+/, '')),
                eq(customers.mobileNum, body.mobileNum ?? ''),
              )
            : eq(sql`lower(${customers.username})`, account),
        ),
      )
      .limit(1);
    if (customer === undefined) {
      await ctx.accounts.throttle.failed(merchant.id, account, ip);
      throw badRequest(ErrorCode.NOT_EXISTS_USER, 'The account does not exist.');
    }
    const valid = bySms
      ? (await ctx.accounts.codes.consume(
          { merchantId: merchant.id, channel: 'sms', destination: account, purpose: 'login' },
          body.password,
        )) !== null
      : await ctx.accounts.passwords.verify(customer.passwordHash, body.password);
    if (!valid) {
      await ctx.accounts.throttle.failed(merchant.id, account, ip);
      throw badRequest(ErrorCode.LOGIN_CRED_ERR, 'The account or password is incorrect.');
    }

    const methods = methodsOf(customer);
    if (methods.length > 0) {
      const verifyToken = newToken();
      await ctx.db.insert(pendingLogins).values({
        tokenHash: sha256Hex(verifyToken),
        merchantId: merchant.id,
        customerId: customer.id,
        ip,
        expiresAt: new Date(ctx.now() + PENDING_LOGIN_TTL_MS),
      });
      const data: LoginVerifyRequired = {
        verifyToken,
        methods,
        maskedEmail: methods.includes('email') ? maskEmail(customer.email) : null,
        maskedMobile: methods.includes('sms')
          ? maskMobile(customer.countryDialingCode, customer.mobileNum)
          : null,
      };
      throw new WpsHttpError(403, ErrorCode.LOGIN_VERIFY_REQUIRED, 'Please complete the second step.', data);
    }
    return ok(await startSession(ctx, request, merchant, customer));
  });

  app.post(SessionPath.loginVerification, async (request, reply): Promise<WpsSuccess<LoginResult | null>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(loginVerificationSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const now = new Date(ctx.now());
    const [row] = await ctx.db
      .select({ pending: pendingLogins, customer: customers })
      .from(pendingLogins)
      .innerJoin(customers, eq(customers.id, pendingLogins.customerId))
      .where(
        and(
          eq(pendingLogins.tokenHash, sha256Hex(body.verifyToken)),
          eq(pendingLogins.merchantId, merchant.id),
          isNull(pendingLogins.usedAt),
          gt(pendingLogins.expiresAt, now),
        ),
      )
      .limit(1);
    const expired = () =>
      badRequest(ErrorCode.VERIFY_CODE_INVALID, 'The verification has expired. Please log in again.');
    if (row === undefined || row.pending.attempts >= PENDING_LOGIN_MAX_ATTEMPTS) throw expired();
    const { customer } = row;
    if (!methodsOf(customer).includes(body.method)) {
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. This verification method is not set up.');
    }
    const target =
      body.method === 'email'
        ? { channel: 'email' as const, destination: (customer.email ?? '').toLowerCase() }
        : {
            channel: 'sms' as const,
            destination: mobileDestination(customer.countryDialingCode ?? '', customer.mobileNum ?? ''),
          };

    if (body.code === '') {
      if (body.method === 'ga')
        throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. code: Required');
      const issued = await ctx.accounts.codes.issue(
        { merchantId: merchant.id, ...target, purpose: 'second_factor' },
        customer.id,
      );
      const text = `Your ${merchant.name} login code is ${issued.code}. It expires in ${issued.expiresIn / 60} minutes.`;
      if (target.channel === 'email') {
        await ctx.accounts.mail.send({
          merchantId: merchant.id,
          destination: target.destination,
          subject: 'Login code',
          text,
        });
      } else {
        await ctx.accounts.sms.send({ merchantId: merchant.id, destination: target.destination, text });
      }
      return ok(null);
    }

    let valid: boolean;
    if (body.method === 'ga') {
      const secret = ctx.accounts.kek.open(customer.totpSecretSealed ?? '', totpAad(customer.id));
      valid = secret !== null && verifyTotp(secret.toString('utf8'), body.code, ctx.now());
    } else {
      const used = await ctx.accounts.codes.consume(
        { merchantId: merchant.id, ...target, purpose: 'second_factor' },
        body.code,
      );
      valid = used !== null && used.customerId === customer.id;
    }
    if (!valid) {
      await ctx.db
        .update(pendingLogins)
        .set({ attempts: sql`${pendingLogins.attempts} + 1` })
        .where(eq(pendingLogins.tokenHash, row.pending.tokenHash));
      throw badRequest(ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct.');
    }
    const claimed = await ctx.db
      .update(pendingLogins)
      .set({ usedAt: now })
      .where(and(eq(pendingLogins.tokenHash, row.pending.tokenHash), isNull(pendingLogins.usedAt)))
      .returning({ tokenHash: pendingLogins.tokenHash });
    if (claimed.length !== 1) throw expired();
    return ok(await startSession(ctx, request, merchant, customer));
  });

  app.post(AccountPath.logout, async (request, reply): Promise<WpsSuccess<null>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    await ctx.accounts.sessions.revoke(session.sessionId);
    return ok(null);
  });
}
