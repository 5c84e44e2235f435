import { sql } from 'drizzle-orm';
import { formatAmount, parseAmount } from '@wps/contract/amounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import {
  LIMIT_TYPES,
  TrustErrorCode,
  limitMeasureOf,
  type ActiveBreak,
  type LimitMeasure,
  type LimitType,
  type LimitView,
  type MoneyLimitType,
  type PlaySessionView,
  type ResponsibleGamingStatus,
  type SelfExclusionOption,
  type TimeOutOption,
  type TrustAuditEntry,
} from '@wps/contract/trust';
import type { Db } from '../../db/client.js';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { DomainError } from '../errors.js';
import { appendAudit, readAudit, type Json } from './audit.js';
import { breakEnds, PERMANENT_UNTIL } from './breaks.js';
import { helpLinesFor } from './gate.js';
import {
  confirmWindow,
  current,
  memberCancels,
  memberConfirms,
  memberSets,
  staffSets,
  type LimitOutcome,
  type LimitState,
} from './limits.js';
import type { JurisdictionProfile, JurisdictionProfiles } from './profiles.js';
import { resetsAt, usageAt } from './usage.js';

/** Who acts: the member (in a session), staff (an account id), or the system. */
export type TrustActor = { kind: 'member'; sessionId: number } | { kind: 'staff'; staffId: number };

export interface TrustMember {
  merchantId: number;
  customerId: number;
  currency: string;
  /** ISO country of the member (for help lines), or null. */
  country: string | null;
}

interface StoredLimit {
  type: LimitType;
  amount: string | null;
  parked_amount: string | null;
  parked_at: Date | string | null;
}

const stateOf = (row: StoredLimit | undefined): LimitState => ({
  amount: row?.amount == null ? null : BigInt(row.amount),
  parkedAmount: row?.parked_amount == null ? null : BigInt(row.parked_amount),
  parkedAt: row?.parked_at == null ? null : new Date(row.parked_at).getTime(),
});

const REFUSALS: Record<Extract<LimitOutcome, { effect: 'refused' }>['reason'], string> = {
  not_parked: 'There is no change waiting for your confirmation.',
  cooling_off: 'This change can be confirmed when its cooling-off period is over.',
  lapsed: 'The time to confirm this change has passed. Ask for it again if you still want it.',
  raise_by_staff: 'Staff may set or lower a limit, never raise or remove one.',
};

/**
 * The member's responsible-gaming tools (issue 29): limits with cooling-off for raises, the reality
 * check, breaks; every change recorded in the trust audit in its own transaction.
 */
export class TrustService {
  constructor(
    private readonly db: Db,
    private readonly profiles: JurisdictionProfiles,
    private readonly now: () => number,
  ) {}

  async status(member: TrustMember): Promise<ResponsibleGamingStatus> {
    const profile = await this.profiles.ofMerchant(member.merchantId);
    const now = this.now();
    const stored = await rowsOf<StoredLimit>(
      this.db,
      sql`SELECT type, amount::text AS amount, parked_amount::text AS parked_amount, parked_at FROM trust_limits
          WHERE merchant_id = ${member.merchantId} AND customer_id = ${member.customerId}`,
    );
    const byType = new Map(stored.map((row) => [row.type, stateOf(row)]));
    const measures = new Set<LimitMeasure>(
      [...byType.entries()]
        .filter(([type, state]) => type !== 'session_time' && state.amount !== null)
        .map(([type]) => limitMeasureOf(type as MoneyLimitType)),
    );
    const usage = await usageAt(this.db, member.merchantId, member.customerId, now, measures);
    const [row] = await rowsOf<{
      reality_check_minutes: number | null;
      break_kind: ActiveBreak['kind'] | null;
      break_since: Date | string | null;
      break_until: Date | string | null;
    }>(
      this.db,
      sql`SELECT reality_check_minutes, break_kind, break_since, break_until FROM customers
          WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId}`,
    );
    const limits = LIMIT_TYPES.map((type): LimitView => {
      const state = current(byType.get(type) ?? stateOf(undefined), now, profile.rules);
      const text = (value: bigint | null) =>
        value === null ? null : this.text(type, value, member.currency);
      const counted = type === 'session_time' ? undefined : usage[type];
      const reset = type === 'session_time' || counted === undefined ? null : resetsAt(type, counted);
      const window = state.parkedAt === null ? null : confirmWindow(state.parkedAt, profile.rules);
      return {
        type,
        amount: text(state.amount),
        used: type === 'session_time' ? '0' : formatAmount(counted?.used ?? 0n, member.currency),
        resetsAt: reset === null ? null : new Date(reset).toISOString(),
        parked:
          state.parkedAt === null || window === null
            ? null
            : {
                amount: text(state.parkedAmount),
                requestedAt: new Date(state.parkedAt).toISOString(),
                confirmableFrom: new Date(window.from).toISOString(),
                confirmableUntil: new Date(window.until).toISOString(),
              },
      };
    });
    const until = row?.break_until == null ? null : new Date(row.break_until).getTime();
    return {
      profile: {
        id: profile.id,
        name: profile.name,
        minAge: profile.rules.minAge,
        coolingOffHours: profile.rules.coolingOffHours,
        confirmWindowHours: profile.rules.confirmWindowHours,
        timeOutOptions: profile.rules.timeOutOptions,
        selfExclusionOptions: profile.rules.selfExclusionOptions,
        realityCheckMinutes: profile.rules.realityCheckMinutes,
        limitPrompt: profile.rules.limitPrompt,
      },
      currency: member.currency,
      limits,
      realityCheckMinutes: row?.reality_check_minutes ?? null,
      activeBreak:
        row?.break_kind == null || until === null || until <= now
          ? null
          : {
              kind: row.break_kind,
              since: new Date(row.break_since ?? now).toISOString(),
              until: until >= PERMANENT_UNTIL ? null : new Date(until).toISOString(),
            },
      helpLines: helpLinesFor(profile.rules, member.country),
    };
  }

  /**
   * The member sets or removes a limit: lower at once, raise or remove after the cooling-off. Staff
   * give a `reason`, kept in the audit with what was asked.
   */
  async setLimit(
    member: TrustMember,
    type: LimitType,
    amount: string | null,
    actor: TrustActor,
    reason?: string,
  ) {
    const wanted = amount === null ? null : this.parse(type, amount, member.currency);
    const requested = { type, amount, ...(reason === undefined ? {} : { reason }) };
    return this.change(member, type, actor, 'limit.set', requested, (state, now, rules) =>
      actor.kind === 'staff' && wanted !== null
        ? staffSets(state, wanted, now, rules)
        : memberSets(state, wanted, now, rules),
    );
  }

  async confirmLimit(member: TrustMember, type: LimitType, actor: TrustActor) {
    return this.change(member, type, actor, 'limit.confirm', { type }, memberConfirms);
  }

  async cancelLimit(member: TrustMember, type: LimitType, actor: TrustActor) {
    return this.change(member, type, actor, 'limit.cancel', { type }, memberCancels);
  }

  async setRealityCheck(member: TrustMember, minutes: number | null, actor: TrustActor) {
    const profile = await this.profiles.ofMerchant(member.merchantId);
    if (minutes !== null && !profile.rules.realityCheckMinutes.includes(minutes)) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Choose one of the intervals offered.');
    }
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE customers SET reality_check_minutes = ${minutes}
            WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId}`,
      );
      await this.audit(tx, member, actor, 'reality_check.set', { minutes }, { minutes });
    });
    return this.status(member);
  }

  /**
   * A time-out or self-exclusion from now: every other session ends at once (the member's own stays
   * to withdraw and read why; staff end them all). A running break is only ever lengthened.
   */
  async takeBreak(
    member: TrustMember,
    kind: ActiveBreak['kind'],
    duration: TimeOutOption | SelfExclusionOption,
    actor: TrustActor,
    reason?: string,
  ): Promise<ActiveBreak> {
    const profile = await this.profiles.ofMerchant(member.merchantId);
    const offered: readonly string[] =
      kind === 'time_out' ? profile.rules.timeOutOptions : profile.rules.selfExclusionOptions;
    if (!offered.includes(duration)) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Choose one of the periods offered.');
    }
    const now = this.now();
    const until = breakEnds(duration, now);
    const keep = actor.kind === 'member' ? actor.sessionId : 0;
    return this.db.transaction(async (tx) => {
      const [row] = await rowsOf<{
        break_kind: ActiveBreak['kind'] | null;
        break_until: Date | string | null;
        break_since: Date | string | null;
      }>(
        tx,
        sql`SELECT break_kind, break_since, break_until FROM customers
            WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId} FOR UPDATE`,
      );
      if (row === undefined) throw new DomainError(ErrorCode.NOT_FOUND, 'No such member.');
      const running = row.break_until != null && new Date(row.break_until).getTime() > now;
      const runningUntil = running ? new Date(row.break_until as Date | string).getTime() : 0;
      // A self-exclusion is never turned into a time-out, and no break is ever shortened.
      const effectiveKind = running && row.break_kind === 'self_exclusion' ? 'self_exclusion' : kind;
      const effectiveUntil = Math.max(until, runningUntil);
      const since = running && row.break_since != null ? new Date(row.break_since).getTime() : now;
      await tx.execute(
        sql`UPDATE customers SET break_kind = ${effectiveKind}, break_since = ${new Date(since).toISOString()}::timestamptz,
              break_until = ${new Date(effectiveUntil).toISOString()}::timestamptz
            WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId}`,
      );
      // Sessions are identity's rows; the break and the end of the sessions are one decision.
      await tx.execute(
        sql`UPDATE customer_sessions SET revoked_at = ${new Date(now).toISOString()}::timestamptz
            WHERE customer_id = ${member.customerId} AND revoked_at IS NULL AND id <> ${keep}`,
      );
      const view: ActiveBreak = {
        kind: effectiveKind,
        since: new Date(since).toISOString(),
        until: effectiveUntil >= PERMANENT_UNTIL ? null : new Date(effectiveUntil).toISOString(),
      };
      await this.audit(
        tx,
        member,
        actor,
        `break.${kind}`,
        { kind, duration, ...(reason === undefined ? {} : { reason }) },
        { kind: view.kind, since: view.since, until: view.until },
      );
      return view;
    });
  }

  /** This session's time, stakes and net result since it opened, and when its time limit ends it. */
  async playSession(member: TrustMember, session: { startedAt: number }): Promise<PlaySessionView> {
    const now = this.now();
    const [row] = await rowsOf<{
      wagered: string;
      won: string;
      reality: number | null;
      limit: string | null;
    }>(
      this.db,
      sql`SELECT coalesce(sum(r.staked), 0)::text AS wagered, coalesce(sum(r.won), 0)::text AS won,
                 (SELECT reality_check_minutes FROM customers WHERE id = ${member.customerId}) AS reality,
                 (SELECT amount::text FROM trust_limits WHERE merchant_id = ${member.merchantId}
                    AND customer_id = ${member.customerId} AND type = 'session_time') AS limit
          FROM seamless_rounds r
          WHERE r.merchant_id = ${member.merchantId} AND r.customer_id = ${member.customerId}
            AND r.status <> 'cancelled' AND r.created_at >= ${new Date(session.startedAt).toISOString()}::timestamptz`,
    );
    const wagered = BigInt(row?.wagered ?? '0');
    const won = BigInt(row?.won ?? '0');
    const limitMinutes = row?.limit == null ? null : Number(row.limit);
    return {
      startedAt: new Date(session.startedAt).toISOString(),
      serverTime: new Date(now).toISOString(),
      net: formatAmount(won - wagered, member.currency),
      wagered: formatAmount(wagered, member.currency),
      currency: member.currency,
      realityCheckMinutes: row?.reality ?? null,
      endsAt:
        limitMinutes === null ? null : new Date(session.startedAt + limitMinutes * 60_000).toISOString(),
    };
  }

  /** Refuses a customer id that is not one of the merchant's members. */
  async requireMember(merchantId: number, customerId: number): Promise<void> {
    const [row] = await rowsOf<{ id: number }>(
      this.db,
      sql`SELECT id FROM customers WHERE id = ${customerId} AND merchant_id = ${merchantId}`,
    );
    if (row === undefined) throw new DomainError(ErrorCode.NOT_FOUND, 'No such member.');
  }

  async auditTrail(
    merchantId: number,
    query: { customerId?: number; before?: string },
  ): Promise<TrustAuditEntry[]> {
    return readAudit(this.db, merchantId, query);
  }

  private async change(
    member: TrustMember,
    type: LimitType,
    actor: TrustActor,
    action: string,
    requested: Json,
    decide: (state: LimitState, now: number, rules: JurisdictionProfile['rules']) => LimitOutcome,
  ): Promise<ResponsibleGamingStatus> {
    const profile = await this.profiles.ofMerchant(member.merchantId);
    const refused = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO trust_limits (merchant_id, customer_id, type) VALUES (${member.merchantId}, ${member.customerId}, ${type})
            ON CONFLICT DO NOTHING`,
      );
      const [row] = await rowsOf<StoredLimit>(
        tx,
        sql`SELECT type, amount::text AS amount, parked_amount::text AS parked_amount, parked_at FROM trust_limits
            WHERE merchant_id = ${member.merchantId} AND customer_id = ${member.customerId} AND type = ${type} FOR UPDATE`,
      );
      const now = this.now();
      const outcome = decide(stateOf(row), now, profile.rules);
      const state = outcome.state;
      await tx.execute(
        sql`UPDATE trust_limits SET amount = ${state.amount?.toString() ?? null}::bigint,
              parked_amount = ${state.parkedAmount?.toString() ?? null}::bigint,
              parked_at = ${state.parkedAt === null ? null : new Date(state.parkedAt).toISOString()}::timestamptz,
              updated_at = ${new Date(now).toISOString()}::timestamptz
            WHERE merchant_id = ${member.merchantId} AND customer_id = ${member.customerId} AND type = ${type}`,
      );
      const text = (value: bigint | null) =>
        value === null ? null : this.text(type, value, member.currency);
      await this.audit(tx, member, actor, action, requested, {
        outcome: outcome.effect,
        ...(outcome.effect === 'refused' ? { reason: outcome.reason } : {}),
        amount: text(state.amount),
        parked:
          state.parkedAt === null
            ? null
            : { amount: text(state.parkedAmount), at: new Date(state.parkedAt).toISOString() },
      });
      return outcome.effect === 'refused' ? outcome.reason : null;
    });
    if (refused !== null) {
      throw new DomainError(
        refused === 'raise_by_staff' ? ErrorCode.INVALID_REQUEST : TrustErrorCode.CHANGE_NOT_READY,
        REFUSALS[refused],
        { reason: refused },
      );
    }
    return this.status(member);
  }

  private async audit(
    runner: SqlRunner,
    member: TrustMember,
    actor: TrustActor,
    action: string,
    requested: Json,
    effect: Json,
  ): Promise<void> {
    await appendAudit(runner, {
      merchantId: member.merchantId,
      customerId: member.customerId,
      actor: actor.kind,
      actorId: actor.kind === 'staff' ? actor.staffId : null,
      action,
      requested,
      effect,
      at: this.now(),
    });
  }

  private parse(type: LimitType, amount: string, currency: string): bigint {
    const value = type === 'session_time' ? BigInt(amount) : parseAmount(amount, currency);
    if (value === null || value <= 0n) {
      throw new DomainError(
        ErrorCode.INVALID_REQUEST,
        'Enter an amount above zero that the currency can hold.',
      );
    }
    return value;
  }

  private text(type: LimitType, value: bigint, currency: string): string {
    return type === 'session_time' ? value.toString() : formatAmount(value, currency);
  }
}
