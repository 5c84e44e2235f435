import { createHmac, randomUUID } from 'node:crypto';
import {
  SeamlessHeader,
  seamlessPath,
  seamlessSignedText,
  type SeamlessOperation,
} from '@wps/contract/seamless';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Backend, Db } from '../db/client.js';
import { customers } from '../db/schema/index.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { Ledger, ledgerHolds, verifyLedger } from '../services/wallet/index.js';
import { SeamlessSessions } from '../services/wallet/seamless/sessions.js';
import { SeamlessVendors } from '../services/wallet/seamless/vendors.js';
import { rowsOf } from '../services/wallet/sql.js';
import { acceptedTerms } from './accounts.js';
import { TestClock } from './clock.js';
import { merchantRow, TEST_SECRET_KEY, useTestApp } from './test-app.js';

/**
 * The seamless-wallet tests' app (routes/vendor): the demo vendor and a second one with their
 * secrets, fresh members with money, and signed calls as a vendor's server makes them.
 */

export interface SignOptions {
  vendor?: string;
  /** Sign with this secret instead of the vendor's. */
  secret?: Buffer;
  /** Seconds added to the clock's time in the timestamp. */
  skewS?: number;
  /** Headers replacing (or, undefined, removing) the signed ones. */
  headers?: Record<string, string | undefined>;
  /** Send this body, signed, instead of the JSON of `body`. */
  rawBody?: string;
  /** Sign this body but send the other (a body changed on the way). */
  signedBody?: string;
}

export interface CallAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The answer's signature verified with the vendor's secret, for the request's id. */
  signed: boolean;
}

export interface Member {
  merchantId: number;
  customerId: number;
  player: string;
  token: string;
  currency: string;
}

export const OTHER_VENDOR = 'other';

function hmac(secret: Buffer, id: string, timestamp: string, body: string): string {
  return `v1,${createHmac('sha256', secret)
    .update(seamlessSignedText(id, timestamp, body))
    .digest('base64')}`;
}

let usernames = 0;

export function useSeamlessApp(backend: Backend, options: { cacheTtlMs?: number } = {}) {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now, ...options });
  const secrets = new Map<string, Buffer>();
  const merchantIds = new Map<string, { id: number; currency: string }>();
  const ledger = () => new Ledger(t.db);
  const sessions = () => new SeamlessSessions(t.db, clock.now);

  beforeAll(async () => {
    const vendors = new SeamlessVendors(t.db, new KeyEncryptionKey(TEST_SECRET_KEY));
    for (const vendor of ['demo', OTHER_VENDOR]) secrets.set(vendor, await vendors.ensure(vendor));
    for (const code of ['aurora', 'lotus']) {
      const row = await merchantRow(t.db, code);
      merchantIds.set(code, { id: row.id, currency: row.currency });
    }
  });

  const secretOf = (vendor: string): Buffer => {
    const secret = secrets.get(vendor);
    if (secret === undefined) throw new Error(`no vendor ${vendor}`);
    return secret;
  };

  async function call(
    operation: SeamlessOperation,
    body: unknown,
    options: SignOptions = {},
  ): Promise<CallAnswer> {
    const vendor = options.vendor ?? 'demo';
    const secret = options.secret ?? secretOf(vendor);
    const id = randomUUID();
    const timestamp = String(Math.floor(clock.now() / 1000) + (options.skewS ?? 0));
    const sent = options.rawBody ?? JSON.stringify(body);
    const signedHeaders: Record<string, string | undefined> = {
      'content-type': 'application/json',
      [SeamlessHeader.id]: id,
      [SeamlessHeader.timestamp]: timestamp,
      [SeamlessHeader.signature]: hmac(secret, id, timestamp, options.signedBody ?? sent),
      ...options.headers,
    };
    // A header replaced by undefined is left out.
    const headers = Object.fromEntries(
      Object.entries(signedHeaders).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: seamlessPath(vendor, operation),
      headers,
      payload: sent,
    });
    const answerTimestamp = response.headers[SeamlessHeader.timestamp];
    const signed =
      secrets.has(vendor) &&
      response.headers[SeamlessHeader.id] === headers[SeamlessHeader.id] &&
      typeof answerTimestamp === 'string' &&
      response.headers[SeamlessHeader.signature] ===
        hmac(secretOf(vendor), headers[SeamlessHeader.id] ?? '', answerTimestamp, response.body);
    return { status: response.statusCode, body: response.json(), signed };
  }

  /** A new member of the merchant, with `funds` minor units of cash and a live wallet session. */
  async function member(funds = 0n, merchant = 'aurora', vendor = 'demo'): Promise<Member> {
    const found = merchantIds.get(merchant);
    if (found === undefined) throw new Error(`no merchant ${merchant}`);
    usernames += 1;
    const [row] = await t.db
      .insert(customers)
      .values({
        merchantId: found.id,
        username: `seamless${usernames}`,
        passwordHash: 'unused',
        ...acceptedTerms(),
      })
      .returning({ id: customers.id });
    const customerId = row?.id ?? 0;
    if (funds > 0n) await fund(found.id, customerId, found.currency, funds);
    const token = await sessions().open({
      vendorId: vendor,
      merchantId: found.id,
      customerId,
      currency: found.currency,
    });
    return { merchantId: found.id, customerId, player: String(customerId), token, currency: found.currency };
  }

  const fund = (merchantId: number, customerId: number, currency: string, amount: bigint) =>
    fundCustomer(t.db, { merchantId, customerId }, currency, amount);

  const balanceOf = (who: Member): Promise<bigint> =>
    ledger().balance(who.merchantId, {
      kind: 'member_cash',
      currency: who.currency,
      customerId: who.customerId,
    });

  return { t, clock, call, member, fund, balanceOf, secretOf, sessions };
}

/** Row counts of every table a vendor call writes: a refusal must leave them all as they were. */
export async function writtenRows(db: Db): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM wallet_requests) AS requests,
               (SELECT count(*)::int FROM wallet_transfers) AS transfers,
               (SELECT count(*)::int FROM wallet_entries) AS entries,
               (SELECT count(*)::int FROM wallet_accounts) AS accounts,
               (SELECT count(*)::int FROM seamless_transactions) AS transactions,
               (SELECT count(*)::int FROM seamless_rounds) AS rounds`,
  );
  return row ?? {};
}

export async function expectLedgerHolds(db: Db): Promise<void> {
  const report = await verifyLedger(db);
  expect(report.balanceMismatches).toEqual([]);
  expect(report.unbalancedTransfers).toEqual([]);
  expect(report.negativeMembers).toEqual([]);
  expect(ledgerHolds(report)).toBe(true);
}

/** A bet body of `who` (a fresh transaction and round unless given). */
export function betOf(who: Member, amount: number, extra: Record<string, unknown> = {}) {
  return {
    transactionId: randomUUID(),
    player: who.player,
    token: who.token,
    currency: who.currency,
    amount,
    roundId: randomUUID(),
    gameCode: 'LUCKY10',
    ...extra,
  };
}

export function winOf(who: Member, roundId: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    transactionId: randomUUID(),
    player: who.player,
    currency: who.currency,
    amount,
    roundId,
    ...extra,
  };
}

/** Credits a member's cash as a deposit would (the provider's clearing account → the member). */
export async function fundCustomer(
  db: Db,
  who: { merchantId: number; customerId: number },
  currency: string,
  amount: bigint,
): Promise<void> {
  await new Ledger(db).write({
    merchantId: who.merchantId,
    source: 'test:funding',
    key: randomUUID(),
    request: { customerId: who.customerId, amount: amount.toString() },
    run: async (tx) => {
      await tx.transfer({
        kind: 'deposit',
        customerId: who.customerId,
        legs: [
          { account: { kind: 'psp_clearing', currency }, amount: -amount },
          { account: { kind: 'member_cash', currency, customerId: who.customerId }, amount },
        ],
      });
      return null;
    },
  });
}
