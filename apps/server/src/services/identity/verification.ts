import type { EndpointParsed } from '@wps/contract/endpoints';
import type { SmsRequestResult } from '@wps/contract/accounts';
import type { Merchant } from '../merchants/repository.js';
import { mobileDestination, type CodeTarget } from './codes.js';
import type { IdentityDeps } from './context.js';
import { customerByMobile } from './customers.js';

/** Issues a code for `target` and sends it by SMS or email; `what` names the code in the message. */
export async function sendCode(
  deps: IdentityDeps,
  merchant: Merchant,
  target: CodeTarget,
  customerId: number | null,
  what: string,
  options: { perMember?: boolean } = {},
): Promise<SmsRequestResult> {
  const issued = await deps.codes.issue(target, customerId, options);
  const text = `${merchant.name}: your ${what} code is ${issued.code}. It expires in ${issued.expiresIn / 60} minutes.`;
  if (target.channel === 'sms') {
    await deps.sms.send({ merchantId: merchant.id, destination: target.destination, text });
  } else {
    await deps.mail.send({ merchantId: merchant.id, destination: target.destination, subject: what, text });
  }
  return { resendAfter: issued.resendAfter, expiresIn: issued.expiresIn };
}

/**
 * The ask for a code that names no account (a reset or login code for a number or address of no
 * member): counted as a sent code is (resend interval, hourly cap), so it answers the same, the same
 * 429 included, and nothing is sent. An account's existence never shows.
 */
export async function withholdCode(deps: IdentityDeps, target: CodeTarget): Promise<SmsRequestResult> {
  const issued = await deps.codes.issue(target, null, { withhold: true });
  return { resendAfter: issued.resendAfter, expiresIn: issued.expiresIn };
}

const PURPOSE_NAMES = { register: 'registration', login: 'login', reset: 'password reset' } as const;

/** SMS codes asked for before login: to register a number, to log in with it, to reset a password. */
export class VerificationService {
  constructor(private readonly deps: IdentityDeps) {}

  /**
   * Sends a code to the number (captcha first where SMSCAPTCHA3 is on). A login or reset code goes
   * only to a member's number; for another number the answer is the same (`withholdCode`) and
   * nothing is sent.
   */
  async requestSmsCode(merchant: Merchant, input: EndpointParsed<'smsCode'>): Promise<SmsRequestResult> {
    await this.deps.captcha.requirePass(merchant, 'SMSCAPTCHA3', input);
    const purpose = input.purpose ?? 'register';
    const target: CodeTarget = {
      merchantId: merchant.id,
      channel: 'sms',
      destination: mobileDestination(input.countryDialingCode, input.mobileNum),
      purpose,
    };
    let customerId: number | null = null;
    if (purpose !== 'register') {
      const customer = await customerByMobile(
        this.deps.db,
        merchant.id,
        input.countryDialingCode,
        input.mobileNum,
      );
      if (customer === null) return withholdCode(this.deps, target);
      customerId = customer.id;
    }
    return sendCode(this.deps, merchant, target, customerId, PURPOSE_NAMES[purpose]);
  }
}
