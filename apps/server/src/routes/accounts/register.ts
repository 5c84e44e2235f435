import {
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  ErrorCode,
  MemberPath,
  ModuleId,
  ok,
  type AutoUsernameResult,
  type RegistrationResult,
  type WpsSuccess,
} from '@wps/contract';
import { registrationPayloadSchema } from '@wps/contract/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { mobileDestination } from '../../services/accounts/codes.js';
import { checkNewPassword, checkUsername, passwordExpiry } from '../../services/accounts/policy.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { badRequest, clientIp, flagOn, requireCaptcha, requireModule, uniqueViolation } from './common.js';

type RegistrationBody = z.infer<typeof registrationPayloadSchema>;

function taken(constraint: string): WpsHttpError {
  return constraint.includes('mobile')
    ? new WpsHttpError(409, ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered.')
    : new WpsHttpError(409, ErrorCode.USERNAME_TAKEN, 'This username is already taken.');
}

async function usernameFree(db: Db, merchantId: number, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(sql`lower(${customers.username})`, username.toLowerCase()),
      ),
    )
    .limit(1);
  return row === undefined;
}

async function mobileFree(
  db: Db,
  merchantId: number,
  dialingCode: string,
  mobileNum: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(customers.countryDialingCode, dialingCode),
        eq(customers.mobileNum, mobileNum),
      ),
    )
    .limit(1);
  return row === undefined;
}

async function suggestUsername(db: Db, merchantId: number, prefix: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = `${prefix}${randomInt(100_000, 10_000_000)}`;
    if (await usernameFree(db, merchantId, candidate)) return candidate;
  }
  throw new WpsHttpError(503, ErrorCode.INTERNAL_ERROR, 'No free username found. Please try again.');
}

interface NewCustomer {
  username: string;
  password: string;
  defaultPassword: boolean;
  countryDialingCode: string | null;
  mobileNum: string | null;
}

/** Writes the member (and with `login`, its session) in one transaction; a taken name or number fails it. */
async function createCustomer(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
  body: RegistrationBody,
  input: NewCustomer,
): Promise<RegistrationResult> {
  const passwordHash = await ctx.accounts.passwords.hash(input.password);
  const now = ctx.now();
  const ip = clientIp(request);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          merchantId: merchant.id,
          username: input.username,
          passwordHash,
          countryDialingCode: input.countryDialingCode,
          mobileNum: input.mobileNum,
          defaultPassword: input.defaultPassword,
          passwordChangedAt: new Date(now),
          passwordExpiresAt: passwordExpiry(now, ctx.config.passwordExpiryDays),
          language: null,
          registerMethod: body.registerMethod,
          registerUrl: body.registerUrl,
          registerIp: ip,
          affiliateCode: body.affiliateCode ?? null,
          referralCode: body.referralCode ?? null,
          linkId: body.linkId ?? null,
          pixelTrack: body.pixelTrack,
        })
        .returning();
      if (customer === undefined) throw new Error('customer insert returned no row');
      const token = body.login
        ? await ctx.accounts.sessions.create(tx, {
            merchantId: merchant.id,
            customerId: customer.id,
            ip,
            bindIp: merchant.sessionIpBinding,
          })
        : null;
      return {
        token,
        customerId: String(customer.id),
        userName: customer.username,
        customerName: customer.username,
        firstTimeLogin: customer.firstTimeLogin || customer.defaultPassword,
        customerType: customer.customerType,
      };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== null) throw taken(constraint);
    throw error;
  }
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(MemberPath.register, async (request, reply): Promise<WpsSuccess<RegistrationResult>> => {
    reply.header('cache-control', 'no-store');
    requireModule(request, ModuleId.REGISTER);
    const body = parseInput(registrationPayloadSchema, request.body);
    if (body.username === undefined || body.password === undefined) {
      throw badRequest(ErrorCode.INVALID_REQUEST, 'Invalid request. username and password are required.');
    }
    checkUsername(body.username);
    checkNewPassword(body.password);
    const merchant = await requireMerchant(ctx, request);
    if (!(await usernameFree(ctx.db, merchant.id, body.username))) throw taken('username');
    await requireCaptcha(ctx, merchant, 'REGCAPTCHA3', body);
    return ok(
      await createCustomer(ctx, request, merchant, body, {
        username: body.username,
        password: body.password,
        defaultPassword: false,
        countryDialingCode: null,
        mobileNum: null,
      }),
    );
  });

  app.post(MemberPath.registerMobile, async (request, reply): Promise<WpsSuccess<RegistrationResult>> => {
    reply.header('cache-control', 'no-store');
    requireModule(request, ModuleId.MOBILE_REGISTER);
    const body = parseInput(registrationPayloadSchema, request.body);
    if (body.countryDialingCode === undefined || body.mobileNum === undefined || body.smsCode === undefined) {
      throw badRequest(
        ErrorCode.INVALID_REQUEST,
        'Invalid request. countryDialingCode, mobileNum and smsCode are required.',
      );
    }
    const merchant = await requireMerchant(ctx, request);
    if (!flagOn(merchant, 'MOBILENUMREG3')) {
      throw new WpsHttpError(403, ErrorCode.MODULE_DISABLED, 'Mobile registration is not offered.');
    }
    // With MOBILENUMPWD3 off the client sends the default password; such accounts must change it.
    const password = body.password ?? DEFAULT_MOBILE_REGISTRATION_PASSWORD;
    const defaultPassword = password === DEFAULT_MOBILE_REGISTRATION_PASSWORD;
    if (defaultPassword && flagOn(merchant, 'MOBILENUMPWD3')) {
      throw badRequest(ErrorCode.PASSWORD_NOT_ALLOWED, 'Please choose a password.');
    }
    if (!defaultPassword) checkNewPassword(password);
    if (body.username !== undefined) checkUsername(body.username);
    const dialingCode = body.countryDialingCode.replace(/^\+/, '');
    if (!(await mobileFree(ctx.db, merchant.id, dialingCode, body.mobileNum))) throw taken('mobile');
    if (body.username !== undefined && !(await usernameFree(ctx.db, merchant.id, body.username))) {
      throw taken('username');
    }
    const destination = mobileDestination(dialingCode, body.mobileNum);
    const used = await ctx.accounts.codes.consume(
      { merchantId: merchant.id, channel: 'sms', destination, purpose: 'register' },
      body.smsCode,
    );
    if (used === null)
      throw badRequest(ErrorCode.VERIFY_CODE_INVALID, 'The SMS code is not correct or has expired.');
    return ok(
      await createCustomer(ctx, request, merchant, body, {
        username: body.username ?? (await suggestUsername(ctx.db, merchant.id, 'm')),
        password,
        defaultPassword,
        countryDialingCode: dialingCode,
        mobileNum: body.mobileNum,
      }),
    );
  });

  app.post(
    MemberPath.registerAutoUsername,
    async (request, reply): Promise<WpsSuccess<AutoUsernameResult>> => {
      reply.header('cache-control', 'no-store');
      const merchant = await requireMerchant(ctx, request);
      return ok({ username: await suggestUsername(ctx.db, merchant.id, 'user') });
    },
  );
}
