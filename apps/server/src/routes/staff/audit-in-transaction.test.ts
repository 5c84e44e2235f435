import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAdjustment } from '@wps/contract/cashier';
import type { StaffSessionView } from '@wps/contract/staff';
import { rowsOf } from '../../db/raw.js';
import { AURORA, LOTUS, value } from '../../test/accounts.js';
import { newLotusMember, withdrawalInReview } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { addStaff } from '../../test/staff-people.js';
import { backends, useTestApp } from '../../test/test-app.js';

let keys = 0;
const requestKey = () => `audit-tx-${process.pid}-${(keys += 1)}-abcdef`;

/** One staff write: who makes it, what it sends, and the rows it changes (read to compare). */
interface WriteCase {
  path: string;
  host: string;
  cookie: string;
  body: Record<string, unknown>;
  /** Reads the state the write changes, as text: equal before and after means nothing changed. */
  read: () => Promise<string>;
}

/**
 * Issue 30 item 9: a staff write and its audit row commit together. The audit insert is made to
 * fail (a trigger); the write must then not have happened — which only holds when the row is
 * appended inside the transaction that makes the change. Without the trigger the same write adds
 * exactly one row, with digests of the state before and after.
 */
describe.each(backends)('staff writes audited in their own transaction (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const cookies: Record<string, string> = {};
  let people = 0;

  const text = async (query: ReturnType<typeof sql>) => JSON.stringify(await rowsOf(t.db, query));
  const defaultLanguageOf = async (code: string) =>
    (
      await rowsOf<{ language: string }>(
        t.db,
        sql`SELECT default_language AS language FROM merchants WHERE code = ${code}`,
      )
    )[0]?.language ?? 'EN';
  const merchantIdOf = async (code: string) =>
    (await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM merchants WHERE code = ${code}`))[0]?.id ?? 0;

  beforeAll(async () => {
    cookies.owner = await signIn(t.app, 'aurora-owner');
    cookies.lotusCompliance = await signIn(t.app, 'lotus-compliance', LOTUS);
    cookies.lotusOwner = await signIn(t.app, 'lotus-owner', LOTUS);
  });

  afterEach(async () => {
    await t.db.execute(sql`DROP TRIGGER IF EXISTS refuse_staff_audit ON staff_audit`);
  });

  /** A new lotus admin, signed in: a different person each call (an approver is never the proposer). */
  const lotusAdmin = async () => {
    people += 1;
    await addStaff(t.db, 'lotus', `lotus-audit-tx-${people}`, 'admin', `Admin ${people}`);
    return signIn(t.app, `lotus-audit-tx-${people}`, LOTUS);
  };

  const proposal = async (cookie: string) => {
    const member = await newLotusMember(t.app);
    const answer = await staffCall(
      t.app,
      'POST',
      'adjustments',
      cookie,
      {
        requestKey: requestKey(),
        customerId: member.customerId,
        direction: 'credit',
        amount: '50000',
        reason: 'Goodwill',
      },
      LOTUS,
    );
    return value<StaffAdjustment>(answer).id;
  };

  const cases: [string, () => Promise<WriteCase>][] = [
    [
      'a merchant’s settings saved',
      async () => ({
        path: 'merchants/aurora',
        host: AURORA,
        cookie: cookies.owner ?? '',
        body: { name: `Aurora ${(keys += 1)}`, currencySymbol: '₫' },
        read: () => text(sql`SELECT name, currency_symbol FROM merchants WHERE code = 'aurora'`),
      }),
    ],
    [
      'a merchant’s theme saved',
      async () => {
        const [row] = await rowsOf<{ template: Record<string, unknown> }>(
          t.db,
          sql`SELECT template FROM merchants WHERE code = 'aurora'`,
        );
        return {
          path: 'merchants/aurora/theme',
          host: AURORA,
          cookie: cookies.owner ?? '',
          body: { template: { ...row?.template, app_desc: `Play on your phone ${(keys += 1)}.` } },
          read: () => text(sql`SELECT template FROM merchants WHERE code = 'aurora'`),
        };
      },
    ],
    [
      'a withdrawal rejected (money goes back)',
      async () => {
        const { withdrawal } = await withdrawalInReview(t.app, t.db, {
          funds: '1000000',
          amount: '100000',
          requestKey: requestKey(),
        });
        return {
          path: 'withdrawals/reject',
          host: LOTUS,
          cookie: await lotusAdmin(),
          body: { id: withdrawal.id, reason: 'Account name differs' },
          read: () =>
            text(
              sql`SELECT w.state, (SELECT count(*) FROM wallet_transfers t WHERE t.reference = ${withdrawal.id}) AS transfers
                  FROM withdrawals w WHERE w.id = ${withdrawal.id}`,
            ),
        };
      },
    ],
    [
      'a banner created',
      async () => {
        const title = `Banner ${(keys += 1)}`;
        return {
          path: 'content/banners',
          host: AURORA,
          cookie: cookies.owner ?? '',
          body: {
            startsAt: '2020-01-01T00:00:00Z',
            endsAt: null,
            titles: { EN: title },
            linkageType: 'URL',
            linkage: 'https://example.test/',
            art: { colors: ['#000000', '#ffffff'], glyph: 'A' },
          },
          read: () => text(sql`SELECT id FROM banners WHERE title = ${title}`),
        };
      },
    ],
    [
      'a game marked hot',
      async () => {
        const [game] = await rowsOf<{ id: number }>(
          t.db,
          sql`SELECT g.id FROM games g WHERE g.vendor_code = 'NOVA_LOTTO' AND g.hot_rank IS NULL
              AND NOT EXISTS (SELECT 1 FROM merchant_games m WHERE m.game_id = g.id AND m.hot_rank IS NOT NULL)
              ORDER BY g.id LIMIT 1`,
        );
        return {
          path: 'games/hot',
          host: AURORA,
          cookie: cookies.owner ?? '',
          body: { gameId: String(game?.id ?? 0), hot: true },
          read: () => text(sql`SELECT * FROM merchant_games WHERE game_id = ${game?.id ?? 0}`),
        };
      },
    ],
    [
      'a promotion created',
      async () => {
        const title = `Promotion ${(keys += 1)}`;
        const language = await defaultLanguageOf('aurora');
        return {
          path: 'promotions',
          host: AURORA,
          cookie: cookies.owner ?? '',
          body: {
            category: null,
            position: 0,
            startsAt: '2026-01-01T00:00:00Z',
            endsAt: null,
            texts: { [language]: { title, content: 'Iso', richContent: null, terms: null } },
          },
          read: () => text(sql`SELECT id FROM announcements WHERE title = ${title}`),
        };
      },
    ],
    [
      'a legal page’s new version published',
      async () => {
        const language = await defaultLanguageOf('aurora');
        const read = () =>
          text(
            sql`SELECT max(d.version) AS version FROM legal_documents d JOIN merchants m ON m.id = d.merchant_id
                WHERE m.code = 'aurora' AND d.kind = 'terms'`,
          );
        const [{ version } = { version: null }] = JSON.parse(await read()) as { version: number | null }[];
        return {
          path: 'legal/terms',
          host: AURORA,
          cookie: cookies.owner ?? '',
          body: {
            basedOn: version ?? 0,
            texts: { [language]: { title: 'Terms', body: `Version ${(keys += 1)}.` } },
          },
          read,
        };
      },
    ],
    [
      'a manual adjustment proposed',
      async () => {
        const member = await newLotusMember(t.app);
        return {
          path: 'adjustments',
          host: LOTUS,
          cookie: await lotusAdmin(),
          body: {
            requestKey: requestKey(),
            customerId: member.customerId,
            direction: 'credit',
            amount: '1000',
            reason: 'Goodwill',
          },
          read: () => text(sql`SELECT id FROM cashier_adjustments WHERE customer_id = ${member.customerId}`),
        };
      },
    ],
    [
      'a manual adjustment approved (money moves)',
      async () => {
        const id = await proposal(await lotusAdmin());
        return {
          path: 'adjustments/approve',
          host: LOTUS,
          cookie: await lotusAdmin(),
          body: { id },
          read: () =>
            text(
              sql`SELECT a.state, (SELECT count(*) FROM wallet_transfers w WHERE w.reference = ${id}) AS transfers
                FROM cashier_adjustments a WHERE a.id = ${id}`,
            ),
        };
      },
    ],
    [
      'a manual adjustment declined',
      async () => {
        const id = await proposal(await lotusAdmin());
        return {
          path: 'adjustments/decline',
          host: LOTUS,
          cookie: await lotusAdmin(),
          body: { id, reason: 'Not agreed' },
          read: () => text(sql`SELECT state FROM cashier_adjustments WHERE id = ${id}`),
        };
      },
    ],
    [
      'a member’s limit set by compliance',
      async () => {
        const member = await newLotusMember(t.app);
        return {
          path: 'rg/limits',
          host: LOTUS,
          cookie: cookies.lotusCompliance ?? '',
          body: { customerId: member.customerId, type: 'deposit_week', amount: '400000', reason: 'Review' },
          read: () => text(sql`SELECT * FROM trust_limits WHERE customer_id = ${member.customerId}`),
        };
      },
    ],
    [
      'one of the staff member’s own sessions ended',
      async () => {
        const old = await signIn(t.app, 'lotus-owner', LOTUS);
        const current = await signIn(t.app, 'lotus-owner', LOTUS);
        const sessions = value<StaffSessionView[]>(
          await staffCall(t.app, 'GET', 'sessions', current, undefined, LOTUS),
        );
        const ended = sessions.find((session) => !session.current);
        expect(old).not.toBe('');
        return {
          path: 'sessions/revoke',
          host: LOTUS,
          cookie: current,
          body: { sessionId: ended?.id },
          read: () => text(sql`SELECT id FROM staff_sessions WHERE id = ${ended?.id ?? 0}`),
        };
      },
    ],
  ];

  it.each(cases)('%s: one audit row, with before and after, in the same request', async (_name, setUp) => {
    const write = await setUp();
    const merchantId = await merchantIdOf(write.host === AURORA ? 'aurora' : 'lotus');
    const [{ seq: before } = { seq: 0 }] = await rowsOf<{ seq: number }>(
      t.db,
      sql`SELECT coalesce(max(seq), 0)::int AS seq FROM staff_audit WHERE merchant_id = ${merchantId}`,
    );
    const state = await write.read();
    const answer = await staffCall(t.app, 'POST', write.path, write.cookie, write.body, write.host);
    expect(answer.statusCode, answer.body).toBe(200);
    // The write did happen (so the failing case below shows it undone, not never tried).
    expect(await write.read()).not.toBe(state);
    const rows = await rowsOf<{ outcome: string; before_digest: string | null; after_digest: string | null }>(
      t.db,
      sql`SELECT outcome, before_digest, after_digest FROM staff_audit WHERE merchant_id = ${merchantId} AND seq > ${before}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'ok' });
    expect(rows[0]?.before_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.after_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.after_digest).not.toBe(rows[0]?.before_digest);
  });

  it.each(cases)('%s: an audit row that cannot be written takes the write with it', async (_name, setUp) => {
    const write = await setUp();
    const before = await write.read();
    await t.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_staff_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.outcome = 'ok' THEN RAISE EXCEPTION 'the audit refuses this row (test)'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_staff_audit BEFORE INSERT ON staff_audit FOR EACH ROW EXECUTE FUNCTION refuse_staff_audit()`,
    );
    const answer = await staffCall(t.app, 'POST', write.path, write.cookie, write.body, write.host);
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(500);
    expect(await write.read()).toBe(before);
  });
});
