import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import { rowsOf } from '../../db/raw.js';
import { AURORA, captchaPass, get, LOTUS, plainPost, value, type CallOptions } from '../../test/accounts.js';
import { newMemberOn } from '../../test/cashier.js';
import { ORBIT } from '../../test/social.js';
import { backends, useTestApp } from '../../test/test-app.js';

const dialect = new PgDialect();

/** A statement that reads a trust fact member info tells: the terms accepted or the limit offer's. */
const TRUST_FACT = /legal_documents|limit_offer_answered_at/;

// Member info is asked on every appearance of a token: the terms to accept and the deposit-limit
// offer are read together, in one statement, and answer as each alone did.
describe.each(backends)('member info’s trust facts (%s)', (backend) => {
  const t = useTestApp(backend);
  afterEach(() => vi.restoreAllMocks());

  const customerSet = (customerId: number, change: SQL) =>
    t.db.execute(sql`UPDATE customers SET ${change} WHERE id = ${customerId}`);
  const currentTerms = async (host: string) =>
    (
      await rowsOf<{ version: number }>(
        t.db,
        sql`SELECT max(d.version) AS version FROM legal_documents d JOIN merchants m ON m.id = d.merchant_id
             WHERE d.kind = 'terms' AND m.code = ${host.split('.')[0] ?? ''}`,
      )
    )[0]?.version ?? null;

  // [the member, what happened before member info is asked, terms to accept: current or none, the offer]
  it.each<
    [string, string, (m: CallOptions & { customerId: number }) => Promise<unknown>, boolean, string | null]
  >([
    ['aurora, new', AURORA, async () => undefined, false, 'now'],
    ['lotus, new', LOTUS, async () => undefined, false, 'at_deposit'],
    [
      'orbit, terms never accepted',
      ORBIT,
      (m) => customerSet(m.customerId, sql`terms_version = NULL`),
      true,
      'at_deposit',
    ],
    [
      'lotus, an older version accepted',
      LOTUS,
      (m) => customerSet(m.customerId, sql`terms_version = 0`),
      true,
      'at_deposit',
    ],
    [
      'lotus, a deposit limit set and terms never accepted',
      LOTUS,
      async (m) => {
        await plainPost(t.app, endpoints.rgLimitSet.path, { type: 'deposit_day', amount: '500000' }, m);
        await customerSet(m.customerId, sql`terms_version = NULL`);
      },
      true,
      null,
    ],
    [
      'aurora, the offer answered',
      AURORA,
      (m) => plainPost(t.app, endpoints.rgLimitOfferAnswer.path, { choice: 'declined' }, m),
      false,
      null,
    ],
  ])('%s: one statement reads both', async (_name, host, before, termsPending, offer) => {
    const pass = host === LOTUS ? undefined : await captchaPass(t.app, t.db, host);
    const member = await newMemberOn(t.app, host, 'Notice', pass);
    await before(member);
    const statements: string[] = [];
    const execute = t.db.execute.bind(t.db);
    vi.spyOn(t.db, 'execute').mockImplementation((query) => {
      statements.push(dialect.sqlToQuery(query as SQL).sql);
      return execute(query as SQL);
    });
    const info = value<MemberInfo>(await get(t.app, endpoints.memberInfo.path, member));
    vi.restoreAllMocks();
    expect(info.termsToAccept).toBe(termsPending ? await currentTerms(host) : null);
    expect(info.limitOffer).toBe(offer);
    expect(statements.filter((text) => TRUST_FACT.test(text))).toHaveLength(1);
  });
});
