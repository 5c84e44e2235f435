import { openDatabase } from '../db/client.js';
import { DomainError } from '../services/errors.js';
import { houseBucket, Ledger, type AccountRef, type Leg } from '../services/wallet/index.js';
import { merchantIdOf } from './ledger-process.js';

/*
 * The child process of the ledger's kill -9 test (services/wallet/ledger.crash.test.ts): opens the
 * prepared database (PGlite data directory or PostgreSQL URL), then runs a mixed burst of money writes
 * (deposit callbacks, some delivered twice; bets; wins; withdrawal holds) from several workers until it
 * is killed, printing one line per answer only after the write committed:
 *
 *   ready
 *   ack <source> <key> <replayed 0|1> <transfer ids, comma-separated>
 *   refused <source> <key>
 *
 * Environment: LEDGER_BURST_DATABASE_URL (PostgreSQL) or LEDGER_BURST_DATA_DIR (PGlite), and
 * LEDGER_BURST_ROUND (keys and members are the round's own).
 */

const round = Number(process.env.LEDGER_BURST_ROUND ?? '0');
const databaseUrl = process.env.LEDGER_BURST_DATABASE_URL ?? null;
const dataDir = process.env.LEDGER_BURST_DATA_DIR ?? 'memory://';
const WORKERS = 8;
const MEMBERS = 12;

const database = await openDatabase({ databaseUrl, dataDir });
const merchantId = await merchantIdOf(database.db, 'aurora');
const ledger = new Ledger(database.db);
const members = Array.from({ length: MEMBERS }, (_, index) => 500_000 + round * 100 + index);

const cash = (customerId: number): AccountRef => ({ kind: 'member_cash', currency: 'PHP', customerId });
const house = (customerId: number): AccountRef => ({
  kind: 'house',
  currency: 'PHP',
  bucket: houseBucket(customerId),
});
const clearing: AccountRef = { kind: 'psp_clearing', currency: 'PHP' };
const held = (customerId: number): AccountRef => ({
  kind: 'withdrawals_pending',
  currency: 'PHP',
  customerId,
});

interface Movement {
  source: string;
  key: string;
  kind: string;
  customerId: number;
  legs: Leg[];
}

function movement(worker: number, serial: number, delivered: Movement[]): Movement {
  const customerId = members[Math.floor(Math.random() * MEMBERS)] as number;
  const key = `r${round}-w${worker}-${serial}`;
  const amount = BigInt(1 + Math.floor(Math.random() * 5_000));
  const roll = Math.random();
  // A provider delivering a callback again (the same key and request: a replay, never a second credit).
  const again = delivered[Math.floor(Math.random() * delivered.length)];
  if (roll < 0.1 && again !== undefined) return again;
  if (roll < 0.4) {
    const deposit: Movement = {
      source: 'psp:demo',
      key,
      kind: 'deposit',
      customerId,
      legs: [
        { account: clearing, amount: -amount },
        { account: cash(customerId), amount },
      ],
    };
    delivered.push(deposit);
    return deposit;
  }
  const [kind, from, to] =
    roll < 0.7
      ? (['bet', cash(customerId), house(customerId)] as const)
      : roll < 0.85
        ? (['win', house(customerId), cash(customerId)] as const)
        : (['withdrawal_hold', cash(customerId), held(customerId)] as const);
  const source = kind === 'withdrawal_hold' ? `member:${customerId}` : 'vendor:demo';
  const stake = kind === 'win' ? amount : amount / 3n + 1n;
  return {
    source,
    key,
    kind,
    customerId,
    legs: [
      { account: from, amount: -stake },
      { account: to, amount: stake },
    ],
  };
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function worker(index: number): Promise<never> {
  const delivered: Movement[] = [];
  for (let serial = 0; ; serial += 1) {
    const next = movement(index, serial, delivered);
    const request = {
      kind: next.kind,
      customerId: next.customerId,
      legs: next.legs.map((leg) => `${JSON.stringify(leg.account)}:${leg.amount}`),
    };
    try {
      const { answer, replayed } = await ledger.write({
        merchantId,
        source: next.source,
        key: next.key,
        request,
        run: async (tx) => {
          const id = await tx.transfer({
            kind: next.kind,
            customerId: next.customerId,
            reference: next.key,
            legs: next.legs,
          });
          return { transfers: [id.toString()] };
        },
      });
      say(`ack ${next.source} ${next.key} ${replayed ? 1 : 0} ${answer.transfers.join(',')}`);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'insufficient_funds') throw error;
      say(`refused ${next.source} ${next.key}`);
    }
  }
}

say('ready');
await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
