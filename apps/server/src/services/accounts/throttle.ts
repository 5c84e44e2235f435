import { ErrorCode } from '@wps/contract';
import type { Db } from '../../db/client.js';
import { DomainError } from '../errors.js';
import { FixedWindowCounter } from '../rate-limit/fixed-window-counter.js';

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  windowMinutes: number;
}

/**
 * Failed logins per account and per client ip, counted in fixed windows shared by every instance.
 * Over either limit, login answers TOO_MANY_REQUEST before a password is even checked.
 */
export class LoginThrottle {
  private readonly counter: FixedWindowCounter;

  constructor(
    db: Db,
    private readonly limits: ThrottleLimits,
    now: () => number,
  ) {
    this.counter = new FixedWindowCounter(db, limits.windowMinutes * 60_000, now, 'login');
  }

  async check(merchantId: number, account: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await Promise.all([
      this.counter.peek(accountBucket(merchantId, account)),
      this.counter.peek(`ip ${ip}`),
    ]);
    if (byAccount >= this.limits.perAccount || byIp >= this.limits.perIp) {
      throw new DomainError(
        ErrorCode.TOO_MANY_REQUEST,
        `Too many failed logins. Try again in ${this.limits.windowMinutes} minutes.`,
      );
    }
  }

  async failed(merchantId: number, account: string, ip: string): Promise<void> {
    await this.counter.hit(accountBucket(merchantId, account));
    await this.counter.hit(`ip ${ip}`);
  }

  sweep(): Promise<void> {
    return this.counter.sweep();
  }
}

function accountBucket(merchantId: number, account: string): string {
  return `account ${merchantId} ${account.toLowerCase()}`;
}
