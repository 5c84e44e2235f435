import {
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  ErrorCode,
  type AutoUsernameResult,
  type EndpointParsed,
  type RegistrationResult,
} from '@wps/contract';
import { randomInt } from 'node:crypto';
import { customers } from '../../db/schema.js';
import { DomainError, invalidRequest } from '../errors.js';
import { flagOn, type Merchant } from '../merchants/repository.js';
import { mobileDestination } from './codes.js';
import type { AccountDeps, Caller } from './context.js';
import { customerByMobile, customerByUsername, storedDialingCode } from './customers.js';
import { checkNewPassword, checkUsername, passwordExpiry } from './policy.js';

type RegistrationInput = EndpointParsed<'register'>;

/** What a new member is made of, besides what the registration payload says about where it came from. */
interface NewCustomer {
  username: string;
  password: string;
  defaultPassword: boolean;
  countryDialingCode: string | null;
  mobileNum: string | null;
}

function taken(what: 'username' | 'mobile'): DomainError {
  return what === 'mobile'
    ? new DomainError(ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered.')
    : new DomainError(ErrorCode.USERNAME_TAKEN, 'This username is already taken.');
}

/** PostgreSQL unique violation (both backends report SQLSTATE 23505), with the constraint's name. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      return typeof candidate.message === 'string' ? candidate.message : '';
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Registration: by username and password, by mobile number and SMS code (the username then optional,
 * the password optional where MOBILENUMPWD3 is off), and the username suggestion. A taken username or
 * number is found before the captcha or code is spent; two registrations racing for one are settled
 * by the unique indexes.
 */
export class RegistrationService {
  constructor(private readonly deps: AccountDeps) {}

  async register(merchant: Merchant, input: RegistrationInput, caller: Caller): Promise<RegistrationResult> {
    const { username, password } = input;
    if (username === undefined || password === undefined) {
      throw invalidRequest('username and password are required.');
    }
    checkUsername(username);
    checkNewPassword(password);
    if ((await customerByUsername(this.deps.db, merchant.id, username)) !== null) throw taken('username');
    await this.deps.captcha.requirePass(merchant, 'REGCAPTCHA3', input);
    return this.create(merchant, input, caller, {
      username,
      password,
      defaultPassword: false,
      countryDialingCode: null,
      mobileNum: null,
    });
  }

  async registerMobile(
    merchant: Merchant,
    input: RegistrationInput,
    caller: Caller,
  ): Promise<RegistrationResult> {
    const { countryDialingCode, mobileNum, smsCode } = input;
    if (countryDialingCode === undefined || mobileNum === undefined || smsCode === undefined) {
      throw invalidRequest('countryDialingCode, mobileNum and smsCode are required.');
    }
    if (!flagOn(merchant, 'MOBILENUMREG3')) {
      throw new DomainError(ErrorCode.MODULE_DISABLED, 'Mobile registration is not offered.');
    }
    // With MOBILENUMPWD3 off the client sends the default password; such accounts must change it.
    const password = input.password ?? DEFAULT_MOBILE_REGISTRATION_PASSWORD;
    const defaultPassword = password === DEFAULT_MOBILE_REGISTRATION_PASSWORD;
    if (defaultPassword && flagOn(merchant, 'MOBILENUMPWD3')) {
      throw new DomainError(ErrorCode.PASSWORD_NOT_ALLOWED, 'Please choose a password.');
    }
    if (!defaultPassword) checkNewPassword(password);
    if (input.username !== undefined) checkUsername(input.username);
    const { db } = this.deps;
    if ((await customerByMobile(db, merchant.id, countryDialingCode, mobileNum)) !== null)
      throw taken('mobile');
    if (
      input.username !== undefined &&
      (await customerByUsername(db, merchant.id, input.username)) !== null
    ) {
      throw taken('username');
    }
    const used = await this.deps.codes.consume(
      {
        merchantId: merchant.id,
        channel: 'sms',
        destination: mobileDestination(countryDialingCode, mobileNum),
        purpose: 'register',
      },
      smsCode,
    );
    if (used === null) {
      throw new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The SMS code is not correct or has expired.');
    }
    return this.create(merchant, input, caller, {
      username: input.username ?? (await this.freeUsername(merchant, 'm')),
      password,
      defaultPassword,
      countryDialingCode: storedDialingCode(countryDialingCode),
      mobileNum,
    });
  }

  async autoUsername(merchant: Merchant): Promise<AutoUsernameResult> {
    return { username: await this.freeUsername(merchant, 'user') };
  }

  /** `prefix` and a random number no member of the merchant has yet (at the time of asking). */
  private async freeUsername(merchant: Merchant, prefix: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${prefix}${randomInt(100_000, 10_000_000)}`;
      if ((await customerByUsername(this.deps.db, merchant.id, candidate)) === null) return candidate;
    }
    throw new DomainError(ErrorCode.INTERNAL_ERROR, 'No free username found. Please try again.');
  }

  /** Writes the member (and with `login`, its session) in one transaction; a taken name or number fails it. */
  private async create(
    merchant: Merchant,
    input: RegistrationInput,
    caller: Caller,
    member: NewCustomer,
  ): Promise<RegistrationResult> {
    const { db, now, sessions } = this.deps;
    const passwordHash = await this.deps.hasher.hash(member.password);
    const at = now();
    try {
      return await db.transaction(async (tx) => {
        const [customer] = await tx
          .insert(customers)
          .values({
            merchantId: merchant.id,
            username: member.username,
            passwordHash,
            countryDialingCode: member.countryDialingCode,
            mobileNum: member.mobileNum,
            defaultPassword: member.defaultPassword,
            passwordChangedAt: new Date(at),
            passwordExpiresAt: passwordExpiry(at, this.deps.passwordExpiryDays),
            language: null,
            registerMethod: input.registerMethod,
            registerUrl: input.registerUrl,
            registerIp: caller.ip,
            affiliateCode: input.affiliateCode ?? null,
            referralCode: input.referralCode ?? null,
            linkId: input.linkId ?? null,
            pixelTrack: input.pixelTrack,
          })
          .returning();
        if (customer === undefined) throw new Error('customer insert returned no row');
        const token = input.login
          ? await sessions.create(tx, {
              merchantId: merchant.id,
              customerId: customer.id,
              ip: caller.ip,
              bindIp: merchant.sessionIpBinding,
              userAgent: caller.userAgent,
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
      if (constraint !== null) throw taken(constraint.includes('mobile') ? 'mobile' : 'username');
      throw error;
    }
  }
}
