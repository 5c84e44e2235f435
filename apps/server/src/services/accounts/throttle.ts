import { ErrorCode } from '@wps/contract';
import type { Db } from '../../db/client.js';
import { DomainError } from '../errors.js';
import { FixedWindowCounter, type Reservation } from '../rate-limit/fixed-window-counter.js';

export interface ThrottleLimits {
  /** Failed logins of one account from one client address; then that address is refused for it (429). */
  perAccountIp: number;
  /** Failed logins from one client address, any accounts; then the address is refused (429). */
  perIp: number;
  /**
   * Failed logins of one account from anywhere that need no captcha; after them, each attempt on the
   * account needs a solved captcha (captcha_required), so nobody can lock a member out.
   */
  perAccount: number;
  windowMinutes: number;
}

/**
 * Failed logins counted in fixed windows shared by every instance (`rate_limits`). An attempt takes
 * its place in the counters before anything is checked (`begin`), in one atomic statement per
 * counter, so parallel requests and other instances never get more tries than the limits: a failure
 * keeps its places, a success or a captcha refusal gives them back.
 *
 * - per address and per (account, address): over either, 429 TOO_MANY_REQUEST for that address;
 * - per account: over it the account is not locked, every further attempt needs a captcha pass.
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

  /**
   * Takes the places of one login attempt of `account` (the lower-case username or the mobile
   * destination) from `ip`, or refuses it with TOO_MANY_REQUEST (nothing counted).
   */
  async begin(merchantId: number, account: string, ip: string): Promise<LoginAttempt> {
    const { limits, counter } = this;
    const byIp = await counter.reserve(`ip ${ip}`, limits.perIp);
    if (byIp === null) throw tooMany(limits.windowMinutes);
    const byPair = await counter.reserve(
      `${accountBucket(merchantId, account)} ip ${ip}`,
      limits.perAccountIp,
    );
    if (byPair === null) {
      await counter.release(byIp);
      throw tooMany(limits.windowMinutes);
    }
    const byAccount = await counter.reserve(accountBucket(merchantId, account), limits.perAccount);
    const places = byAccount === null ? [byIp, byPair] : [byIp, byPair, byAccount];
    return new LoginAttempt(counter, places, byAccount === null);
  }

  sweep(): Promise<void> {
    return this.counter.sweep();
  }
}

/** One login attempt's places in the counters; a failure leaves them counted. */
export class LoginAttempt {
  private settled = false;

  constructor(
    private readonly counter: FixedWindowCounter,
    private readonly places: Reservation[],
    /** The account's captcha-free failures are used up: this attempt needs a captcha pass. */
    readonly captchaRequired: boolean,
  ) {}

  /** The password or code was right: no failure to count. */
  succeeded(): Promise<void> {
    return this.giveBack();
  }

  /** Nothing was checked (the captcha refused the attempt): no failure to count. */
  abandoned(): Promise<void> {
    return this.giveBack();
  }

  private async giveBack(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await Promise.all(this.places.map((place) => this.counter.release(place)));
  }
}

function tooMany(windowMinutes: number): DomainError {
  return new DomainError(
    ErrorCode.TOO_MANY_REQUEST,
    `Too many failed logins. Try again in ${windowMinutes} minutes.`,
  );
}

function accountBucket(merchantId: number, account: string): string {
  return `account ${merchantId} ${account.toLowerCase()}`;
}
