import type { ReportView } from '@wps/contract/reports';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { rollUpReports } from '../../services/reports/rollup.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { ALL_SETTLED, merchantIdOf, writeMovement } from '../../test/reports.js';
import { backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 30 item 10: the Reports calls as a staff member sees them — figures of their own merchant
 * only, ranges checked, and a CSV a spreadsheet opens without running anything a member typed.
 */
const DAY = '2025-03-04';
const AT = new Date(`${DAY}T12:00:00Z`);
const HOSTILE = ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', 'a,"b"'];

describe.each(backends)('back office Reports (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let admin = '';
  let today = '';

  const get = async (query: string, cookie = admin) => {
    const answer = await staffCall(t.app, 'GET', `reports?${query}`, cookie);
    return { status: answer.statusCode, body: answer.json<{ value?: ReportView; errorCode?: string }>() };
  };

  beforeAll(async () => {
    const aurora = await merchantIdOf(t.db, 'aurora');
    const lotus = await merchantIdOf(t.db, 'lotus');
    const play = { kind: 'bet', customerId: 1, currency: 'PHP', at: AT, vendor: 'demo' };
    await writeMovement(t.db, { ...play, merchantId: aurora, amount: 10_000n, round: 'a1', game: 'slots' });
    await writeMovement(t.db, {
      ...play,
      merchantId: aurora,
      amount: 2_550n,
      round: 'a1',
      game: 'slots',
      kind: 'win',
    });
    await writeMovement(t.db, { ...play, merchantId: aurora, amount: 500n, round: 'a2', game: 'poker' });
    await writeMovement(t.db, {
      merchantId: aurora,
      customerId: 1,
      currency: 'PHP',
      at: AT,
      amount: 100n,
      kind: 'bonus_release',
    });
    await writeMovement(t.db, {
      ...play,
      merchantId: lotus,
      amount: 999_900n,
      vendor: 'lotusvendor',
      round: 'l1',
      game: 'lotusgame',
    });
    await writeMovement(t.db, { ...play, merchantId: lotus, amount: 777n, kind: 'deposit', currency: 'VND' });
    // Members' affiliate codes are theirs to type: a formula among them.
    const members = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM customers WHERE merchant_id = ${aurora} ORDER BY id LIMIT ${HOSTILE.length}`,
    );
    for (const [index, member] of members.entries())
      await t.db.execute(
        sql`UPDATE customers SET affiliate_code = ${HOSTILE[index] ?? ''} WHERE id = ${member.id}`,
      );
    await rollUpReports(t.db, { horizon: ALL_SETTLED() });
    const [day] = await rowsOf<{ day: string }>(
      t.db,
      sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    );
    today = day?.day ?? '';
    admin = await signIn(t.app, 'aurora-admin');
  });

  it('gaming by game: stakes, wins and GGR per vendor and game of the merchant only', async () => {
    const { status, body } = await get(`report=gaming&from=${DAY}&to=${DAY}&group=game`);
    expect(status).toBe(200);
    expect(body.value?.rows).toEqual([
      {
        vendor: 'demo',
        game: 'poker',
        currency: 'PHP',
        bets: '1',
        stakes: '5.00',
        wins: '0.00',
        ggr: '5.00',
      },
      {
        vendor: 'demo',
        game: 'slots',
        currency: 'PHP',
        bets: '1',
        stakes: '100.00',
        wins: '25.50',
        ggr: '74.50',
      },
    ]);
    expect(JSON.stringify(body.value)).not.toContain('lotus');
  });

  it('gaming by day: bonus cost and NGR, totals per currency', async () => {
    const { body } = await get(`report=gaming&from=${DAY}&to=${DAY}&group=day`);
    const expected = {
      currency: 'PHP',
      bets: '2',
      stakes: '105.00',
      wins: '25.50',
      ggr: '79.50',
      bonusCost: '1.00',
      ngr: '78.50',
    };
    expect(body.value?.rows).toEqual([{ day: DAY, ...expected }]);
    expect(body.value?.totals).toEqual([expected]);
  });

  it('another merchant’s deposits are never in the answer', async () => {
    const { body } = await get(`report=deposits&from=${DAY}&to=${DAY}&group=total`);
    expect(body.value?.rows).toEqual([]);
    expect(body.value?.totals).toEqual([]);
  });

  it.each([
    ['a range over 366 days', `report=gaming&from=2024-01-01&to=2025-01-01`],
    ['to before from', `report=gaming&from=2025-03-05&to=2025-03-04`],
    ['a day that does not exist', `report=gaming&from=2025-02-30&to=2025-03-04`],
    ['a grouping the report has not', `report=deposits&from=${DAY}&to=${DAY}&group=game`],
    ['no report', `from=${DAY}&to=${DAY}`],
    ['an unknown report', `report=ledger&from=${DAY}&to=${DAY}`],
    ['SQL in a day', `report=gaming&from=2025-03-04';--&to=${DAY}`],
  ])('refuses %s (400 invalid_request)', async (_case, query) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_request');
  });

  it('answers a full year (366 days) and an empty range with empty rows', async () => {
    const { status, body } = await get(`report=bonus&from=2024-01-01&to=2024-12-31`);
    expect(status).toBe(200);
    expect(body.value?.rows).toEqual([]);
  });

  it('registrations by affiliate, and the CSV escapes every cell a spreadsheet would run', async () => {
    const { body } = await get(`report=registrations&from=${today}&to=${today}&group=affiliate`);
    const affiliates = (body.value?.rows ?? []).map((row) => row.affiliate);
    for (const code of HOSTILE) expect(affiliates).toContain(code);
    const csv = await staffCall(
      t.app,
      'GET',
      `reports.csv?report=registrations&from=${today}&to=${today}&group=affiliate`,
      admin,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('affiliate,registrations,firstDeposits');
    for (const cell of ['\'=HYPERLINK(""http://x"")', "'+1+1", "'-2+3", "'@SUM(A1)"])
      expect(csv.body).toContain(cell);
    expect(csv.body).toContain('"a,""b"""');
    // No line starts a formula.
    for (const line of lines) expect(line).not.toMatch(/^"?[=+\-@]/);
    expect(lines.at(-2)).toMatch(/^total,/);
  });

  it.each([
    ['the cashier (no report:read)', 'aurora-cashier', 403],
    ['the marketing staff', 'aurora-marketing', 200],
    ['the compliance staff', 'aurora-compliance', 200],
  ])('the CSV for %s answers %s', async (_case, username, status) => {
    const cookie = await signIn(t.app, username);
    const csv = await staffCall(t.app, 'GET', `reports.csv?report=gaming&from=${DAY}&to=${DAY}`, cookie);
    expect(csv.statusCode).toBe(status);
    if (status === 200) expect(csv.body).not.toContain('lotus');
  });

  it('the CSV without a session is refused', async () => {
    const csv = await staffCall(t.app, 'GET', `reports.csv?report=gaming&from=${DAY}&to=${DAY}`, '');
    expect(csv.statusCode).toBe(401);
  });
});
