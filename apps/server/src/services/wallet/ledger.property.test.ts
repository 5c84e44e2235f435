import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Backend, Db } from '../../db/client.js';
import { backends } from '../../test/databases.js';
import { useLedgerDatabase } from '../../test/ledger.js';
import {
  accountName,
  accountRef,
  applicable,
  createPayment,
  houseOf,
  LedgerModel,
  linearise,
  resolve,
  type AccountName,
  type Answer,
  type OpSpec,
  type Outcome,
  type Req,
} from '../../test/ledger-model.js';
import { DomainError } from '../errors.js';
import { Ledger } from './ledger.js';
import { rowsOf } from './sql.js';
import { ledgerHolds, verifyLedger } from './verify.js';

/*
 * Model-based tests of the ledger (issue 28): generated sequences of deposits (callbacks duplicated,
 * reordered, late), bets, wins, rollbacks, bonus grants, withdrawal holds, approvals and rejections,
 * replays and conflicting repeats — one at a time and in concurrent batches whose launches and
 * mid-transaction pauses fast-check's scheduler orders — held to an in-memory model
 * (test/ledger-model.ts). Sequences never reset the database: each has its own members and keys, and
 * is checked against the balances its start saw. Set LEDGER_PROPERTY_SEED (and LEDGER_PROPERTY_PATH)
 * to replay a failure, LEDGER_PROPERTY_RUNS for another number of sequences.
 */

const RUNS: Record<string, number> = { pglite: 10_000, postgres: 2_000, 'two instances': 2_000 };
const FULL_VERIFY_EVERY = 1_000;

interface Real {
  s: fc.Scheduler;
  ledgers: Ledger[];
  db: Db;
  merchantId: number;
  /** The last ids of the ledger's tables when last looked at: what a command wrote is above them. */
  watermark: { requests: string; transfers: string; entries: string };
  /** The merchant's shared accounts at the sequence's start (the model counts from zero). */
  baseline: Map<AccountName, bigint>;
  /** How the requests went, for the figures printed at the end. */
  outcomes: Map<string, number>;
}

type Pause = () => Promise<unknown>;

/** Counts the outcomes, in all and per kind of request, for the figures printed at the end. */
function count(real: Real, req: Req, outcome: Outcome): Outcome {
  for (const name of [outcome.kind, `${req.kind} ${outcome.kind}`]) {
    real.outcomes.set(name, (real.outcomes.get(name) ?? 0) + 1);
  }
  return outcome;
}

async function send(real: Real, req: Req, instance: number, pause?: Pause): Promise<Outcome> {
  const ledger = real.ledgers[instance % real.ledgers.length] as Ledger;
  try {
    const result = await ledger.write<Answer>({
      merchantId: real.merchantId,
      source: req.source,
      key: req.key,
      request: req.request,
      run: async (tx) => {
        await pause?.();
        const transfer = await tx.transfer({
          kind: req.kind,
          customerId: req.member,
          legs: req.legs.map((leg) => ({ account: accountRef(leg.account), amount: leg.amount })),
          ...(req.reverses === undefined ? {} : { reversesTransferId: BigInt(req.reverses) }),
        });
        // Holding the accounts' locks: the scheduler lets the other requests of a batch run into them.
        await pause?.();
        return {
          balance: (await tx.balance(accountRef(req.answers))).toString(),
          transfer: transfer.toString(),
        };
      },
    });
    return count(real, req, { kind: result.replayed ? 'replayed' : 'posted', answer: result.answer });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'insufficient_funds') {
      return count(real, req, { kind: 'insufficient_funds', data: error.data });
    }
    if (error instanceof DomainError && error.code === 'idempotency_conflict') {
      return count(real, req, { kind: 'idempotency_conflict' });
    }
    const cause = error instanceof Error && error.cause !== undefined ? ` (${String(error.cause)})` : '';
    return count(real, req, { kind: 'unexpected', message: `${String(error).slice(0, 200)}${cause}` });
  }
}

interface Observation {
  written: { requests: number; transfers: number; entries: number };
  watermark: Real['watermark'];
  balances: Map<AccountName, bigint>;
}

/** What the ledger's tables hold for this sequence: rows written since `watermark`, and balances. */
async function look(real: Pick<Real, 'db' | 'merchantId' | 'watermark'>, members: readonly number[]) {
  // Customer 0 is the merchant's own accounts: the clearing, bonus pool and house buckets.
  const customers = `{0,${members.join(',')}}`;
  const buckets = new Set(members.map(houseOf));
  const { requests, transfers, entries } = real.watermark;
  const [row] = await rowsOf<{
    written: Observation['written'];
    watermark: Real['watermark'];
    accounts: { kind: string; customer: number; bucket: number; balance: string }[] | null;
  }>(
    real.db,
    sql`SELECT json_build_object(
                 'requests', (SELECT count(*) FROM wallet_requests WHERE id > ${requests}::bigint),
                 'transfers', (SELECT count(*) FROM wallet_transfers WHERE id > ${transfers}::bigint),
                 'entries', (SELECT count(*) FROM wallet_entries WHERE id > ${entries}::bigint)) AS written,
               json_build_object(
                 'requests', (SELECT coalesce(max(id), 0)::text FROM wallet_requests),
                 'transfers', (SELECT coalesce(max(id), 0)::text FROM wallet_transfers),
                 'entries', (SELECT coalesce(max(id), 0)::text FROM wallet_entries)) AS watermark,
               (SELECT json_agg(json_build_object('kind', kind, 'customer', customer_id, 'bucket', bucket,
                                                  'balance', balance::text))
                FROM wallet_accounts
                WHERE merchant_id = ${real.merchantId} AND customer_id = ANY(${customers}::int[])) AS accounts`,
  );
  if (row === undefined) throw new Error('no observation');
  const balances = new Map(
    (row.accounts ?? [])
      .map((account) => [accountName(account), BigInt(account.balance)] as const)
      .filter(([name]) => !name.startsWith('house:') || buckets.has(name)),
  );
  return { written: row.written, watermark: row.watermark, balances } satisfies Observation;
}

/** After a command: it wrote one request, one transfer and two entries per posted request, and the
 * balances are the model's (members absolutely, the merchant's accounts since the sequence began). */
async function observe(real: Real, model: LedgerModel, posted: number, what: string): Promise<void> {
  const seen = await look(real, model.members);
  real.watermark = seen.watermark;
  expect(seen.written, `rows written by ${what}`).toEqual({
    requests: posted,
    transfers: posted,
    entries: 2 * posted,
  });
  const names = new Set([...seen.balances.keys(), ...model.balances.keys()]);
  for (const name of names) {
    const base = real.baseline.get(name) ?? 0n;
    expect(seen.balances.get(name) ?? 0n, `${name} after ${what}`).toBe(base + model.balance(name));
    if (/^(cash|bonus|held):/.test(name)) expect(seen.balances.get(name) ?? 0n).toBeGreaterThanOrEqual(0n);
  }
}

/** A drawn request as the failure report shows it, with the key it resolved to when it last ran. */
const describeSpec = (spec: OpSpec, instance: number, key?: string) =>
  `${spec.kind}(m${spec.member % 3}, ${spec.amount}${spec.kind === 'decide' ? (spec.approve ? ', approve' : ', reject') : ''})` +
  `@${instance}${key === undefined ? '' : ` ${key}`}`;

class PayCommand implements fc.AsyncCommand<LedgerModel, Real> {
  constructor(private readonly spec: OpSpec) {}
  check = () => true;
  run(model: LedgerModel): Promise<void> {
    createPayment(model, this.spec);
    return Promise.resolve();
  }
  toString = () => `pay(m${this.spec.member % 3}, ${this.spec.amount})`;
}

class SendCommand implements fc.AsyncCommand<LedgerModel, Real> {
  private key?: string;
  constructor(
    private readonly spec: OpSpec,
    private readonly instance: number,
  ) {}
  check = (model: Readonly<LedgerModel>) => applicable(model as LedgerModel, this.spec);
  async run(model: LedgerModel, real: Real): Promise<void> {
    const req = resolve(model, this.spec) as Req;
    this.key = req.key;
    const outcome = await send(real, req, this.instance);
    const mismatch = model.mismatch(req, outcome);
    if (mismatch !== null) throw new Error(`${this.toString()}: ${mismatch}`);
    model.apply(req, outcome);
    await observe(real, model, outcome.kind === 'posted' ? 1 : 0, this.toString());
  }
  toString = () => describeSpec(this.spec, this.instance, this.key);
}

/** Requests sent together: the scheduler orders their launches and their pauses inside the transaction. */
class BatchCommand implements fc.AsyncCommand<LedgerModel, Real> {
  constructor(
    private readonly specs: [OpSpec, number][],
    private readonly duplicate: number | null,
  ) {}
  check = (model: Readonly<LedgerModel>) =>
    this.specs.some(([spec]) => applicable(model as LedgerModel, spec));
  async run(model: LedgerModel, real: Real): Promise<void> {
    const sends: [Req, number][] = [];
    for (const [spec, instance] of this.specs) {
      const req = applicable(model, spec) ? resolve(model, spec) : null;
      if (req !== null) sends.push([req, instance]);
    }
    // A copy of one of them, sent by the other instance: a callback delivered twice at once.
    const copied = this.duplicate === null ? undefined : sends[this.duplicate % sends.length];
    if (copied !== undefined) sends.push([copied[0], copied[1] + 1]);
    // The scheduler releases the launches and pauses one at a time, in an order drawn with the sequence.
    const outcomes = await real.s.waitFor(
      Promise.all(
        sends.map(async ([req, instance], index) => {
          const label = `${index}:${req.key}`;
          await real.s.schedule(Promise.resolve(), `start ${label}`);
          return send(real, req, instance, () => real.s.schedule(Promise.resolve(), `inside ${label}`));
        }),
      ),
    );
    const fitted = linearise(
      model,
      sends.map(([req]) => req),
      outcomes,
    );
    if (typeof fitted === 'string') throw new Error(`${this.toString()}: ${fitted}`);
    model.adopt(fitted);
    const posted = outcomes.filter((outcome) => outcome.kind === 'posted').length;
    await observe(real, model, posted, this.toString());
  }
  toString = () =>
    `batch[${this.specs.map(([spec, instance]) => describeSpec(spec, instance)).join(', ')}` +
    `${this.duplicate === null ? '' : `, twice #${this.duplicate}`}]`;
}

const amount = fc.bigInt({ min: 1n, max: 5_000n });
const spec = (kinds: OpSpec['kind'][]) =>
  fc.record({
    kind: fc.constantFrom(...kinds),
    member: fc.nat(2),
    amount,
    pick: fc.nat(),
    approve: fc.boolean(),
  });
const SENT: OpSpec['kind'][] = [
  ...(['deposit', 'deposit', 'deposit', 'bet', 'bet', 'bet', 'win', 'rollback', 'bonus'] as const),
  ...(['withdraw', 'withdraw', 'decide', 'decide'] as const),
  ...(['replay', 'conflict'] as const),
];
const commands = fc.commands(
  [
    spec(['deposit']).map((drawn) => new PayCommand(drawn)),
    spec(['deposit']).map((drawn) => new PayCommand(drawn)),
    fc.tuple(spec(SENT), fc.nat(1)).map(([drawn, instance]) => new SendCommand(drawn, instance)),
    fc.tuple(spec(SENT), fc.nat(1)).map(([drawn, instance]) => new SendCommand(drawn, instance)),
    fc
      .tuple(fc.array(fc.tuple(spec(SENT), fc.nat(1)), { minLength: 2, maxLength: 4 }), fc.option(fc.nat()))
      .map(([specs, duplicate]) => new BatchCommand(specs, duplicate)),
  ],
  { maxCommands: 16, size: '+1' },
);

/** The sequence's own books: member balances are the sums of their entries, its transfers balance. */
async function verifySequence(db: Db, merchantId: number, members: readonly number[]): Promise<void> {
  const list = `{${members.join(',')}}`;
  const wrong = await rowsOf<{ what: string }>(
    db,
    sql`SELECT 'account ' || a.id AS what FROM wallet_accounts a LEFT JOIN wallet_entries e ON e.account_id = a.id
        WHERE a.merchant_id = ${merchantId} AND a.customer_id = ANY(${list}::int[]) GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)
        UNION ALL
        SELECT 'transfer ' || t.id FROM wallet_transfers t JOIN wallet_entries e ON e.transfer_id = t.id
        WHERE t.merchant_id = ${merchantId} AND t.customer_id = ANY(${list}::int[])
        GROUP BY t.id HAVING count(*) < 2 OR bool_or(e.currency <> 'PHP') OR sum(e.amount) <> 0`,
  );
  expect(wrong).toEqual([]);
}

function ledgerProperty(backend: Backend, mode: 'one instance' | 'two instances') {
  const t = useLedgerDatabase(backend);
  const name = mode === 'two instances' ? mode : backend;
  it(`${mode === 'two instances' ? 'two ledgers on one database' : 'one ledger'}: every generated sequence keeps the books (${name})`, async () => {
    const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? RUNS[name]);
    const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? randomInt(2 ** 31));
    const path = process.env.LEDGER_PROPERTY_PATH;
    console.info(`ledger property (${name}): seed ${seed}, ${runs} sequences`);
    const other = mode === 'two instances' ? await t.testDatabase.openAnother() : null;
    const ledgers = [new Ledger(t.db), ...(other === null ? [] : [new Ledger(other.db)])];
    const merchantId = t.merchantId('aurora');
    let sequence = 0;
    const outcomes = new Map<string, number>();
    let commandsRun = 0;
    const started = performance.now();
    const property = fc.asyncProperty(fc.scheduler(), commands, async (s, cmds) => {
      sequence += 1;
      const members = [0, 1, 2].map((index) => 1_000_000 + sequence * 3 + index);
      const model = new LedgerModel(sequence, members);
      const start = await look(
        { db: t.db, merchantId, watermark: { requests: '0', transfers: '0', entries: '0' } },
        members,
      );
      const real: Real = {
        s,
        ledgers,
        db: t.db,
        merchantId,
        watermark: start.watermark,
        baseline: start.balances,
        outcomes,
      };
      await fc.asyncModelRun(() => ({ model, real }), cmds);
      // Every request that posted, sent again at once: the stored answers, and nothing written.
      const replays = await Promise.all(model.posted.map((req, index) => send(real, req, index)));
      replays.forEach((outcome, index) => {
        const req = model.posted[index] as Req;
        expect(outcome, `replay of ${req.key}`).toEqual({
          kind: 'replayed',
          answer: model.storedAnswer(req),
        });
      });
      await observe(real, model, 0, 'the replays');
      await verifySequence(t.db, merchantId, members);
      if (sequence % FULL_VERIFY_EVERY === 0) expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
      commandsRun += [...cmds].length;
      if (sequence % FULL_VERIFY_EVERY === 0) {
        const seconds = ((performance.now() - started) / 1_000).toFixed(1);
        console.info(`ledger property (${name}): ${sequence} sequences in ${seconds} s`);
      }
    });
    try {
      await fc.assert(property, {
        numRuns: runs,
        seed,
        ...(path === undefined ? {} : { path }),
      });
    } finally {
      await other?.close();
    }
    const report = await verifyLedger(t.db);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.unbalancedTransfers).toEqual([]);
    expect(report.negativeMembers).toEqual([]);
    const seconds = (performance.now() - started) / 1_000;
    const tally = (all: boolean) =>
      [...outcomes]
        .filter(([outcome]) => outcome.includes(' ') !== all)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([outcome, times]) => `${outcome} ${times}`)
        .join(', ');
    console.info(
      `ledger property (${name}): ${sequence} sequences, ${commandsRun} commands, ` +
        `${report.transfers} transfers in ${seconds.toFixed(1)} s\n  requests: ${tally(true)}\n  by kind: ${tally(false)}`,
    );
  }, 1_800_000);
}

describe.each(backends)('the ledger against its model (%s)', (backend) => {
  ledgerProperty(backend, 'one instance');
});

describe.runIf(backends.includes('postgres'))('the ledger against its model (two instances)', () => {
  ledgerProperty('postgres', 'two instances');
});
