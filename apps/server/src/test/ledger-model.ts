import { formatAmount } from '@wps/contract/amounts';
import { HOUSE_BUCKETS, requestHash, type AccountRef, type Json } from '../services/wallet/index.js';

/*
 * The in-memory model the ledger's property tests (services/wallet/ledger.property.test.ts) hold the
 * real ledger to: balances per account, the stored answer of every request key, and what a request
 * must do — post, replay, refuse (insufficient funds) or conflict (same key, other request).
 */

/** A model account: `cash:<member>`, `bonus:<member>`, `held:<member>`, `house:<bucket>`, `clearing`, `pool`. */
export type AccountName = string;

export const CURRENCY = 'PHP';

/** Kinds whose balance never goes below zero (as the ledger's NEVER_NEGATIVE). */
const NEVER_NEGATIVE = new Set(['cash', 'bonus', 'held']);

export function accountRef(name: AccountName): AccountRef {
  const [kind = '', id = '0'] = name.split(':');
  const number = Number(id);
  switch (kind) {
    case 'cash':
      return { kind: 'member_cash', currency: CURRENCY, customerId: number };
    case 'bonus':
      return { kind: 'member_bonus', currency: CURRENCY, customerId: number };
    case 'held':
      return { kind: 'withdrawals_pending', currency: CURRENCY, customerId: number };
    case 'house':
      return { kind: 'house', currency: CURRENCY, bucket: number };
    case 'clearing':
      return { kind: 'psp_clearing', currency: CURRENCY };
    case 'pool':
      return { kind: 'bonus_pool', currency: CURRENCY };
    default:
      throw new Error(`no model account ${name}`);
  }
}

/** The model's name of a wallet_accounts row. */
export function accountName(row: { kind: string; customer: number; bucket: number }): AccountName {
  const names: Record<string, string> = {
    member_cash: `cash:${row.customer}`,
    member_bonus: `bonus:${row.customer}`,
    withdrawals_pending: `held:${row.customer}`,
    house: `house:${row.bucket}`,
    psp_clearing: 'clearing',
    bonus_pool: 'pool',
  };
  return names[row.kind] ?? `${row.kind}:${row.customer}:${row.bucket}`;
}

export const houseOf = (member: number): AccountName => `house:${member % HOUSE_BUCKETS}`;

export type ReqKind = 'deposit' | 'bet' | 'win' | 'rollback' | 'bonus' | 'withdraw' | 'decide';

/** One money request as a caller sends it. */
export interface Req {
  kind: ReqKind;
  source: string;
  key: string;
  request: Json;
  legs: { account: AccountName; amount: bigint }[];
  /** The account whose balance the answer reports. */
  answers: AccountName;
  /** A rollback: the transfer (of its bet) it reverses. */
  reverses?: string;
  member: number;
  amount: bigint;
}

export interface Answer {
  [key: string]: string;
  balance: string;
  transfer: string;
}

export type Outcome =
  | { kind: 'posted' | 'replayed'; answer: Answer }
  | { kind: 'insufficient_funds'; data: unknown }
  | { kind: 'idempotency_conflict' }
  | { kind: 'unexpected'; message: string };

interface Expected {
  kind: Outcome['kind'];
  /** posted: the balance the answer reports; replayed: the whole stored answer. */
  balance?: string;
  answer?: Answer;
  data?: unknown;
}

const idOf = (req: Pick<Req, 'source' | 'key'>) => `${req.source}\n${req.key}`;

export class LedgerModel {
  /** Member accounts: their balance; the merchant's shared accounts: what this sequence moved. */
  balances = new Map<AccountName, bigint>();
  stored = new Map<string, { hash: string; answer: Answer }>();
  /** Payments the provider was asked for; their callbacks may come late, twice or never. */
  payments: { id: number; member: number; amount: bigint }[] = [];
  /** Requests that posted, in order (replays and conflicts pick from them). */
  posted: Req[] = [];
  bets: Req[] = [];
  withdrawals: Req[] = [];

  constructor(
    readonly sequence: number,
    readonly members: readonly number[],
  ) {}

  clone(): LedgerModel {
    const copy = new LedgerModel(this.sequence, this.members);
    copy.balances = new Map(this.balances);
    copy.stored = new Map(this.stored);
    copy.payments = [...this.payments];
    copy.posted = [...this.posted];
    copy.bets = [...this.bets];
    copy.withdrawals = [...this.withdrawals];
    return copy;
  }

  balance(account: AccountName): bigint {
    return this.balances.get(account) ?? 0n;
  }

  /** What the ledger must answer to `req` in this state. */
  expect(req: Req): Expected {
    const stored = this.stored.get(idOf(req));
    if (stored !== undefined) {
      return stored.hash === requestHash(req.request)
        ? { kind: 'replayed', answer: stored.answer }
        : { kind: 'idempotency_conflict' };
    }
    for (const leg of req.legs) {
      const after = this.balance(leg.account) + leg.amount;
      if (NEVER_NEGATIVE.has(leg.account.split(':')[0] ?? '') && after < 0n) {
        return {
          kind: 'insufficient_funds',
          data: { currency: CURRENCY, balance: formatAmount(this.balance(leg.account), CURRENCY) },
        };
      }
    }
    const after = new Map(this.balances);
    for (const leg of req.legs) after.set(leg.account, (after.get(leg.account) ?? 0n) + leg.amount);
    return { kind: 'posted', balance: (after.get(req.answers) ?? 0n).toString() };
  }

  /** Whether `outcome` is what the model expects of `req` now; the difference when it is not. */
  mismatch(req: Req, outcome: Outcome): string | null {
    const expected = this.expect(req);
    const seen = JSON.stringify(outcome);
    if (expected.kind !== outcome.kind) return `expected ${JSON.stringify(expected)}, got ${seen}`;
    if (outcome.kind === 'posted' && outcome.answer.balance !== expected.balance) {
      return `expected a balance of ${expected.balance} after it, got ${seen}`;
    }
    if (outcome.kind === 'replayed' && JSON.stringify(outcome.answer) !== JSON.stringify(expected.answer)) {
      return `expected the stored answer ${JSON.stringify(expected.answer)}, got ${seen}`;
    }
    if (
      outcome.kind === 'insufficient_funds' &&
      JSON.stringify(outcome.data) !== JSON.stringify(expected.data)
    ) {
      return `expected the refusal ${JSON.stringify(expected.data)}, got ${seen}`;
    }
    return null;
  }

  /** Takes in an outcome the model expected. */
  apply(req: Req, outcome: Outcome): void {
    if (outcome.kind !== 'posted') return;
    for (const leg of req.legs) this.balances.set(leg.account, this.balance(leg.account) + leg.amount);
    this.stored.set(idOf(req), { hash: requestHash(req.request), answer: outcome.answer });
    this.posted.push(req);
    if (req.kind === 'bet') this.bets.push(req);
    if (req.kind === 'withdraw') this.withdrawals.push(req);
  }

  /** Takes the state of `other` (the model of an order that fits what a batch did). */
  adopt(other: LedgerModel): void {
    this.balances = other.balances;
    this.stored = other.stored;
    this.payments = other.payments;
    this.posted = other.posted;
    this.bets = other.bets;
    this.withdrawals = other.withdrawals;
  }

  storedAnswer(req: Pick<Req, 'source' | 'key'>): Answer | undefined {
    return this.stored.get(idOf(req))?.answer;
  }
}

/**
 * Concurrent requests are correct when some order of them, run one by one on the model, gives
 * exactly the outcomes seen (linearisability). Answers the model after that order, or the outcomes
 * when no order fits. Batches are small (at most 5: 120 orders).
 */
export function linearise(model: LedgerModel, reqs: Req[], outcomes: Outcome[]): LedgerModel | string {
  for (const order of permutations(reqs.map((_, index) => index))) {
    const candidate = model.clone();
    const fits = order.every((index) => {
      const req = reqs[index] as Req;
      const outcome = outcomes[index] as Outcome;
      if (candidate.mismatch(req, outcome) !== null) return false;
      candidate.apply(req, outcome);
      return true;
    });
    if (fits) return candidate;
  }
  return `no order of ${reqs.map((req, index) => `${req.key}: ${JSON.stringify(outcomes[index])}`).join('; ')}`;
}

function* permutations(items: number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (const [index, item] of items.entries()) {
    const rest = [...items.slice(0, index), ...items.slice(index + 1)];
    for (const tail of permutations(rest)) yield [item, ...tail];
  }
}

/** What the generator draws for one request; `resolve` makes it a request in the model's state. */
export interface OpSpec {
  kind: ReqKind | 'replay' | 'conflict';
  member: number;
  amount: bigint;
  pick: number;
  approve: boolean;
}

let nextNumber = 0;
const fresh = () => (nextNumber += 1);

/** A member with cash when there is one (a bet or a withdrawal from an empty wallet is refused, and
 * one of those in ten is plenty). */
function spender(model: LedgerModel, spec: OpSpec): number {
  const funded = model.members.filter((member) => model.balance(`cash:${member}`) > 0n);
  const from = funded.length > 0 && spec.pick % 10 !== 0 ? funded : model.members;
  return from[spec.member % from.length] as number;
}

/** A request moving `amount` from one account to another (every request here is one such transfer). */
function move(
  fields: Pick<Req, 'kind' | 'source' | 'key' | 'request' | 'answers' | 'member' | 'amount'>,
  from: AccountName,
  to: AccountName,
): Req {
  return {
    ...fields,
    legs: [
      { account: from, amount: -fields.amount },
      { account: to, amount: fields.amount },
    ],
  };
}

/** The request `spec` stands for now; null when its precondition does not hold (no bet to win on). */
export function resolve(model: LedgerModel, spec: OpSpec): Req | null {
  const member = model.members[spec.member % model.members.length] as number;
  const prefix = `s${model.sequence}`;
  const pickFrom = <T>(list: readonly T[]): T | null =>
    list.length === 0 ? null : (list[spec.pick % list.length] as T);
  switch (spec.kind) {
    case 'deposit': {
      // A callback of a payment asked for earlier (late, reordered, or again), or of a new one.
      let payment = model.payments[spec.pick % (model.payments.length + 1)];
      if (payment === undefined) {
        payment = { id: fresh(), member, amount: spec.amount };
        model.payments.push(payment);
      }
      const { id, amount } = payment;
      const request = { type: 'deposit', payment: id, member: payment.member, amount: `${amount}` };
      const answers = `cash:${payment.member}`;
      const fields = { kind: spec.kind, source: 'psp:demo', key: `${prefix}-pay-${id}`, request, answers };
      return move({ ...fields, member: payment.member, amount }, 'clearing', answers);
    }
    case 'bet': {
      // Stakes smaller than deposits on the whole, by members with money: most bets are covered, not all.
      const bettor = spender(model, spec);
      const amount = spec.amount / 4n + 1n;
      const round = fresh();
      const request = { type: 'bet', member: bettor, round, amount: `${amount}` };
      const fields = { kind: spec.kind, source: 'vendor:demo', key: `${prefix}-bet-${round}`, request };
      return move(
        { ...fields, answers: `cash:${bettor}`, member: bettor, amount },
        `cash:${bettor}`,
        houseOf(bettor),
      );
    }
    case 'win':
    case 'rollback': {
      const bet = pickFrom(model.bets);
      if (bet === null) return null;
      const amount = spec.kind === 'win' ? spec.amount : bet.amount;
      const request: Json =
        spec.kind === 'win'
          ? { type: 'win', bet: bet.key, amount: `${amount}` }
          : { type: 'rollback', bet: bet.key };
      const fields = { kind: spec.kind, source: 'vendor:demo', key: `${bet.key}-${spec.kind}`, request };
      const paid = move(
        { ...fields, answers: `cash:${bet.member}`, member: bet.member, amount },
        houseOf(bet.member),
        `cash:${bet.member}`,
      );
      return spec.kind === 'win' ? paid : { ...paid, reverses: model.storedAnswer(bet)?.transfer ?? '' };
    }
    case 'bonus': {
      const grant = fresh();
      const request = { type: 'bonus', member, grant, amount: `${spec.amount}` };
      const fields = { kind: spec.kind, source: 'system', key: `${prefix}-bonus-${grant}`, request };
      return move(
        { ...fields, answers: `bonus:${member}`, member, amount: spec.amount },
        'pool',
        `bonus:${member}`,
      );
    }
    case 'withdraw': {
      const holder = spender(model, spec);
      const amount = spec.amount / 2n + 1n;
      const withdrawal = fresh();
      const request = { type: 'withdraw', member: holder, withdrawal, amount: `${amount}` };
      const fields = {
        kind: spec.kind,
        source: `member:${holder}`,
        key: `${prefix}-wd-${withdrawal}`,
        request,
      };
      return move(
        { ...fields, answers: `cash:${holder}`, member: holder, amount },
        `cash:${holder}`,
        `held:${holder}`,
      );
    }
    case 'decide': {
      // Approval pays the hold out to the provider; rejection returns it. Both keyed by the withdrawal.
      const held = pickFrom(model.withdrawals);
      if (held === null) return null;
      const request = {
        type: 'decision',
        withdrawal: held.key,
        decision: spec.approve ? 'approve' : 'reject',
      };
      const fields = { kind: spec.kind, source: 'staff:cashier', key: `${held.key}-decision`, request };
      const to = spec.approve ? 'clearing' : `cash:${held.member}`;
      return move(
        { ...fields, answers: `held:${held.member}`, member: held.member, amount: held.amount },
        `held:${held.member}`,
        to,
      );
    }
    case 'replay':
      return pickFrom(model.posted);
    case 'conflict': {
      const original = pickFrom(model.posted);
      if (original === null) return null;
      // The same key with a request that differs in one field.
      return {
        ...original,
        request: { ...(original.request as Record<string, Json>), altered: `${spec.amount}` },
      };
    }
  }
}

/** A payment the provider was asked for (no money moves until its callback). */
export function createPayment(model: LedgerModel, spec: OpSpec): void {
  const member = model.members[spec.member % model.members.length] as number;
  model.payments.push({ id: fresh(), member, amount: spec.amount });
}

/** Whether `spec` stands for a request now (a win needs a bet, a replay a posted request). */
export function applicable(model: LedgerModel, spec: OpSpec): boolean {
  switch (spec.kind) {
    case 'win':
    case 'rollback':
      return model.bets.length > 0;
    case 'decide':
      return model.withdrawals.length > 0;
    case 'replay':
    case 'conflict':
      return model.posted.length > 0;
    default:
      return true;
  }
}
