import { sql } from 'drizzle-orm';
import { formatAmount, parseAmount } from '@wps/contract/amounts';
import {
  TrustErrorCode,
  limitMeasureOf,
  type HelpLine,
  type JurisdictionRules,
  type LimitMeasure,
  type MoneyLimitType,
} from '@wps/contract/trust';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { DomainError } from '../errors.js';
import {
  checkAge,
  checkTerms,
  currentTermsVersion,
  termsRequired,
  termsToAccept,
  type Admitted,
  type Attestation,
} from './admission.js';
import { ageOn } from './breaks.js';
import type { JurisdictionProfiles } from './profiles.js';
import { resetsAt, usageAt } from './usage.js';

/** A member's break as the customer row holds it. */
export interface BreakColumns {
  breakKind: 'time_out' | 'self_exclusion' | null;
  breakSince: Date | null;
  breakUntil: Date | null;
}

/** The help lines of the member's country first, then those for everywhere. */
export function helpLinesFor(rules: JurisdictionRules, country: string | null): HelpLine[] {
  return rules.helpLines.filter((line) => line.country === '*' || line.country === country);
}

export function breakRunning(member: BreakColumns, now: number): boolean {
  return member.breakKind !== null && member.breakUntil !== null && member.breakUntil.getTime() > now;
}

export function breakRefusal(member: BreakColumns, helpLines: HelpLine[]): DomainError {
  const permanent = member.breakUntil !== null && member.breakUntil.getUTCFullYear() >= 9999;
  return new DomainError(
    TrustErrorCode.BREAK_ACTIVE,
    member.breakKind === 'self_exclusion'
      ? 'You have excluded yourself from playing on this site.'
      : 'You are taking a break from playing on this site.',
    {
      kind: member.breakKind,
      since: member.breakSince?.toISOString() ?? null,
      until: permanent ? null : (member.breakUntil?.toISOString() ?? null),
      helpLines,
    },
  );
}

interface MemberRow {
  break_kind: BreakColumns['breakKind'];
  break_since: Date | string | null;
  break_until: Date | string | null;
  date_of_birth: string | null;
  country: string | null;
  terms_version: number | null;
  terms_current: number | null;
  limits: Array<{ type: MoneyLimitType; amount: string }> | null;
}

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The checks other domains make inside their own transactions (the cashier's deposit, the seamless
 * wallet's bet) and at sign-in: a running break refuses, a limit that would be passed refuses with
 * what it is, what is used and when it resets. The caller holds the member's lock for the kind of
 * movement (the deposit's advisory lock; the bet's is taken here when a play limit is set), so two
 * concurrent movements can never pass a limit together.
 */
export class TrustGate {
  constructor(
    private readonly profiles: JurisdictionProfiles,
    private readonly now: () => number,
    /** Where the merchants' countries are read (the country check at sign-in). */
    private readonly db: SqlRunner,
  ) {}

  /**
   * A new member on any registration path (form, mobile, social, agent-created): the age check of the
   * merchant's profile, then the current terms; throws rg_under_age / rg_terms_required before
   * anything is written. Answers what the member row keeps.
   */
  async admitNewMember(merchantId: number, claim: Attestation): Promise<Admitted> {
    const profile = await this.profiles.ofMerchant(merchantId);
    const dateOfBirth = checkAge(profile.rules, claim, this.now());
    const termsVersion = checkTerms(await currentTermsVersion(this.db, merchantId), claim.termsVersion);
    return { dateOfBirth, termsVersion };
  }

  /** The minimum age and how it is asked, for refusals that must name it before any check. */
  async ageRules(merchantId: number): Promise<{ minAge: number; ageCheck: 'confirm' | 'date_of_birth' }> {
    const { rules } = await this.profiles.ofMerchant(merchantId);
    return { minAge: rules.minAge, ageCheck: rules.ageCheck };
  }

  /** The refusal that explains a session a running break ended; null when no break runs. */
  async breakRefusalFor(merchantId: number, member: BreakColumns): Promise<DomainError | null> {
    if (!breakRunning(member, this.now())) return null;
    const profile = await this.profiles.ofMerchant(merchantId);
    return breakRefusal(member, helpLinesFor(profile.rules, profile.merchantCountry));
  }

  /**
   * Refuses a sign-in (any path) while the member's break runs, or when the member's mobile number is
   * of a country the merchant does not serve (issue 29 item 8; a member without one is not refused).
   */
  async requireSignInAllowed(
    merchantId: number,
    member: BreakColumns & { countryDialingCode?: string | null },
    country: string | null,
  ): Promise<void> {
    if (breakRunning(member, this.now())) {
      const profile = await this.profiles.ofMerchant(merchantId);
      throw breakRefusal(member, helpLinesFor(profile.rules, country));
    }
    await this.requireCountryServed(merchantId, member.countryDialingCode ?? null);
  }

  /**
   * Refuses a mobile number of a country the merchant does not serve (issue 29 item 8): at every
   * sign-in and at mobile registration. No number (null): nothing says the country, nothing refused.
   */
  async requireCountryServed(merchantId: number, dialingCode: string | null): Promise<void> {
    if (dialingCode === null || (await this.serves(this.db, merchantId, dialingCode))) return;
    throw new DomainError(
      TrustErrorCode.COUNTRY_NOT_SERVED,
      'This site is not available in the country of your account.',
    );
  }

  /** Whether a country of the dialing code is among the merchant's (+1 is several countries: any will do). */
  private async serves(runner: SqlRunner, merchantId: number, dialingCode: string): Promise<boolean> {
    const [row] = await rowsOf<{ served: boolean }>(
      runner,
      sql`SELECT EXISTS (SELECT 1 FROM merchant_countries mc JOIN countries co ON co.code = mc.country_code
                          WHERE mc.merchant_id = ${merchantId} AND co.dialing_code = ${dialingCode}) AS served`,
    );
    return row?.served === true;
  }

  /**
   * Refuses a real-money game launch while the member's break runs: the session that took the break
   * stays signed in (to withdraw and read why), so the launch itself must say no.
   */
  async requirePlayAllowed(merchantId: number, member: BreakColumns, country: string | null): Promise<void> {
    await this.requireSignInAllowed(merchantId, member, country);
  }

  /**
   * Inside the deposit's transaction, under the member's deposit lock and before the payment row is
   * written: a break refuses; the amount must fit every deposit limit with the pending deposits
   * counted (the reservation), so a limit holds whatever number of deposits race.
   */
  async reserveDeposit(
    runner: SqlRunner,
    member: { merchantId: number; customerId: number; currency: string },
    amount: bigint,
  ): Promise<void> {
    const row = await this.memberRow(runner, member.merchantId, member.customerId, 'deposit');
    await this.refuseBreak(runner, member.merchantId, row);
    refuseTermsPending(row);
    await this.requireRoom(runner, member, row, amount);
  }

  /**
   * Inside the bet's ledger transaction: a break refuses; the stake must be within the jurisdiction's
   * cap for the member's age and fit every wager and loss limit.
   */
  async checkStake(
    runner: SqlRunner,
    member: { merchantId: number; customerId: number; currency: string },
    amount: bigint,
    roundId: bigint,
  ): Promise<void> {
    const row = await this.memberRow(runner, member.merchantId, member.customerId, 'play');
    await this.refuseBreak(runner, member.merchantId, row);
    refuseTermsPending(row);
    const profile = await this.profiles.ofMerchant(member.merchantId, runner);
    await this.requireRoundGap(runner, member, roundId, profile.rules.minRoundSeconds);
    const cap = stakeCap(profile.rules, row?.date_of_birth ?? null, member.currency, this.now());
    if (cap !== null && amount > cap) {
      throw new DomainError(TrustErrorCode.STAKE_CAP, 'This stake is above the highest allowed.', {
        max: formatAmount(cap, member.currency),
      });
    }
    if ((row?.limits ?? []).length === 0) return;
    await runner.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`play ${member.merchantId} ${member.customerId}`}, 0))`,
    );
    await this.requireRoom(runner, member, row, amount);
  }

  /**
   * The jurisdiction's shortest game cycle (UKGC RTS 14G: 5 s): a bet is refused while the member's
   * previous round opened less than `seconds` ago. Vendors see LIMIT_EXCEEDED; no member reads it.
   */
  private async requireRoundGap(
    runner: SqlRunner,
    member: { merchantId: number; customerId: number },
    roundId: bigint,
    seconds: number,
  ): Promise<void> {
    if (seconds <= 0) return;
    const [previous] = await rowsOf<{ opened: Date | string | null }>(
      runner,
      sql`SELECT max(created_at) AS opened FROM seamless_rounds
          WHERE merchant_id = ${member.merchantId} AND customer_id = ${member.customerId} AND id < ${roundId.toString()}::bigint`,
    );
    if (previous?.opened == null) return;
    const next = new Date(previous.opened).getTime() + seconds * 1000;
    if (this.now() < next) {
      throw new DomainError(
        TrustErrorCode.LIMIT_REACHED,
        'A game round cannot start this soon after the last.',
        {
          rule: 'minRoundSeconds',
          seconds,
          resetsAt: new Date(next).toISOString(),
        },
      );
    }
  }

  private async refuseBreak(
    runner: SqlRunner,
    merchantId: number,
    row: MemberRow | undefined,
  ): Promise<void> {
    if (row === undefined) return;
    const member: BreakColumns = {
      breakKind: row.break_kind,
      breakSince: asDate(row.break_since),
      breakUntil: asDate(row.break_until),
    };
    if (!breakRunning(member, this.now())) return;
    const profile = await this.profiles.ofMerchant(merchantId, runner);
    // No mobile number says the member's country: the merchant's help lines, as at sign-in.
    throw breakRefusal(member, helpLinesFor(profile.rules, row.country ?? profile.merchantCountry));
  }

  private async requireRoom(
    runner: SqlRunner,
    member: { merchantId: number; customerId: number; currency: string },
    row: MemberRow | undefined,
    amount: bigint,
  ): Promise<void> {
    const limits = row?.limits ?? [];
    if (limits.length === 0) return;
    const now = this.now();
    const measures = new Set<LimitMeasure>(limits.map((limit) => limitMeasureOf(limit.type)));
    const usage = await usageAt(runner, member.merchantId, member.customerId, now, measures);
    // The tightest limit speaks: the one with the least room left.
    let refusal: { type: MoneyLimitType; limit: bigint; used: bigint; room: bigint } | null = null;
    for (const limit of limits) {
      const used = usage[limit.type]?.used ?? 0n;
      const cap = BigInt(limit.amount);
      const room = cap - used;
      if (amount > room && (refusal === null || room < refusal.room)) {
        refusal = { type: limit.type, limit: cap, used, room };
      }
    }
    if (refusal === null) return;
    const counted = usage[refusal.type];
    const resets = counted === undefined ? null : resetsAt(refusal.type, counted);
    throw new DomainError(TrustErrorCode.LIMIT_REACHED, 'This would go over a limit you set.', {
      type: refusal.type,
      limit: formatAmount(refusal.limit, member.currency),
      used: formatAmount(refusal.used, member.currency),
      left: formatAmount(refusal.room > 0n ? refusal.room : 0n, member.currency),
      resetsAt: resets === null ? null : new Date(resets).toISOString(),
    });
  }

  /**
   * The member's break, date of birth, country, accepted and current terms and the limits of `kind`
   * in force, in one query.
   */
  private async memberRow(
    runner: SqlRunner,
    merchantId: number,
    customerId: number,
    kind: 'deposit' | 'play',
  ): Promise<MemberRow | undefined> {
    const types =
      kind === 'deposit'
        ? sql`l.type LIKE 'deposit\\_%'`
        : sql`(l.type LIKE 'wager\\_%' OR l.type LIKE 'loss\\_%')`;
    const [row] = await rowsOf<MemberRow>(
      runner,
      sql`SELECT c.break_kind, c.break_since, c.break_until, c.date_of_birth::text AS date_of_birth,
                 (SELECT co.code FROM countries co WHERE co.dialing_code = c.country_dialing_code
                   ORDER BY co.code LIMIT 1) AS country,
                 c.terms_version,
                 (SELECT max(d.version) FROM legal_documents d
                   WHERE d.merchant_id = c.merchant_id AND d.kind = 'terms') AS terms_current,
                 (SELECT json_agg(json_build_object('type', l.type, 'amount', l.amount::text))
                    FROM trust_limits l
                   WHERE l.merchant_id = c.merchant_id AND l.customer_id = c.id AND l.amount IS NOT NULL AND ${types}) AS limits
          FROM customers c
          WHERE c.id = ${customerId} AND c.merchant_id = ${merchantId}`,
    );
    return row;
  }
}

/** Money and play wait for the current terms to be accepted (issue 29 item 3). */
function refuseTermsPending(row: MemberRow | undefined): void {
  if (row === undefined) return;
  const version = termsToAccept(row.terms_current ?? 0, row.terms_version);
  if (version !== null) throw termsRequired(version);
}

/** The cap of the highest age band the member is in; the lowest band's when the age is not known. */
export function stakeCap(
  rules: JurisdictionRules,
  dateOfBirth: string | null,
  currency: string,
  now: number,
): bigint | null {
  const bands = [...rules.stakeCaps].sort((a, b) => a.fromAge - b.fromAge);
  if (bands.length === 0) return null;
  const age = dateOfBirth === null ? null : ageOn(dateOfBirth, now);
  const band =
    age === null ? bands[0] : ([...bands].reverse().find((each) => each.fromAge <= age) ?? bands[0]);
  const text = band?.amounts[currency];
  return text === undefined ? null : parseAmount(text, currency);
}
