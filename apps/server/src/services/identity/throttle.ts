import { ErrorCode } from '@wps/contract/errorCodes';
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
    private readonly now: () => number,
    /** The counters' namespace: the staff console's sign-ins count apart from the members' ('login'). */
    namespace = 'login',
  ) {
    this.counter = new FixedWindowCounter(db, limits.windowMinutes * 60_000, now, namespace);
  }

  /** Seconds until the current window ends, when every count of a refusal is gone (Retry-After). */
  retryAfterS(): number {
    const windowMs = this.limits.windowMinutes * 60_000;
    return Math.max(1, Math.ceil((windowMs - (this.now() % windowMs)) / 1000));
  }

  /**
   * Takes the places of one login attempt of `account` (the lower-case username or the mobile
   * destination) from `ip`, or refuses it with TOO_MANY_REQUEST (nothing counted).
   */
  async begin(merchantId: number, account: string, ip: string): Promise<LoginAttempt> {
    const { limits, counter } = this;
    const byIp = await counter.reserve(`ip ${ip}`, limits.perIp);
    if (byIp === null) throw tooMany(limits.windowMinutes, this.retryAfterS());
    const byPair = await counter.reserve(
      `${accountBucket(merchantId, account)} ip ${ip}`,
      limits.perAccountIp,
    );
    if (byPair === null) {
      await counter.release(byIp);
      throw tooMany(limits.windowMinutes, this.retryAfterS());
    }
    const byAccount = await counter.reserve(accountBucket(merchantId, account), limits.perAccount);
    const places = byAccount === null ? [byIp, byPair] : [byIp, byPair, byAccount];
    return new LoginAttempt(counter, places, byAccount === null, byPair, byAccount);
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
    private readonly byPair: Reservation | null = null,
    private readonly byAccount: Reservation | null = null,
  ) {}

  /**
   * The credentials were right and the account's earlier failures are forgiven: the account's counts
   * (its own and from this address) start again; the address's count over all accounts keeps the
   * earlier failures, so one good account cannot wipe guesses at others.
   */
  async succeededAndReset(): Promise<void> {
    if (this.settled) return;
    await this.giveBack();
    await Promise.all(
      [this.byPair, this.byAccount].map((place) =>
        place === null ? undefined : this.counter.release(place, place.hits),
      ),
    );
  }

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

function tooMany(windowMinutes: number, retryAfterS: number): DomainError {
  const error = new DomainError(
    ErrorCode.TOO_MANY_REQUEST,
    `Too many failed logins. Try again in ${windowMinutes} minutes.`,
  );
  error.retryAfterS = retryAfterS;
  return error;
}

function accountBucket(merchantId: number, account: string): string {
  return `account ${merchantId} ${account.toLowerCase()}`;
}
