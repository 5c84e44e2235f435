import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TrustAuditEntry } from '@wps/contract/trust';
import { failure, LOTUS, plainPost, value } from '../../test/accounts.js';
import { newLotusMember } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, merchantRow, useTestApp } from '../../test/test-app.js';
import { memberSetsLimit, staffIdOf } from '../../test/trust.js';

// The trust audit as compliance reads it (issue 29 item 7): who asked (member, staff, system), what
// was asked, what took effect, newest first and paged; rows that nobody can change afterwards.
describe.each(backends)('the trust audit (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const audit = async (cookie: string, query = '') =>
    value<TrustAuditEntry[]>(await staffCall(t.app, 'GET', `rg/audit${query}`, cookie, undefined, LOTUS));

  it('lists the member’s and staff’s actions, newest first, with who did them', async () => {
    const member = await newLotusMember(t.app, 'Aud');
    const other = await newLotusMember(t.app, 'Oth');
    const cookie = await signIn(t.app, 'lotus-compliance', LOTUS);
    const staffId = await staffIdOf(t.app, cookie);
    value(await memberSetsLimit(t.app, member, 'deposit_week', '900000'));
    clock.advance(1_000);
    value(await memberSetsLimit(t.app, other, 'deposit_week', '1'));
    clock.advance(1_000);
    value(
      await staffCall(
        t.app,
        'POST',
        'rg/limits',
        cookie,
        { customerId: member.customerId, type: 'deposit_week', amount: '400000', reason: 'Review' },
        LOTUS,
      ),
    );
    clock.advance(1_000);
    value(await plainPost(t.app, '/wps/rg/reality-check', { minutes: 30 }, member));

    const entries = await audit(cookie, `?customerId=${member.customerId}`);
    expect(entries.map((entry) => [entry.actor, entry.actorId, entry.actorName, entry.action])).toEqual([
      ['member', null, null, 'reality_check.set'],
      ['staff', staffId, 'Chris (compliance)', 'limit.set'],
      ['member', null, null, 'limit.set'],
      // The oldest: registration accepted the seeded terms.
      ['member', null, null, 'terms.accept'],
    ]);
    expect(entries[1]).toMatchObject({
      customerId: member.customerId,
      requested: { type: 'deposit_week', amount: '400000', reason: 'Review' },
      effect: { outcome: 'applied', amount: '400000' },
    });
    expect(new Set(entries.map((entry) => entry.username)).size).toBe(1);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Unfiltered, the other member's row is there too, and ids only go down.
    const all = await audit(cookie);
    expect(all.some((entry) => entry.customerId === other.customerId)).toBe(true);
    const ids = all.map((entry) => BigInt(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('pages with `before`, 50 a page, without a row twice or a row left out', async () => {
    const member = await newLotusMember(t.app, 'Page');
    const lotus = await merchantRow(t.db, 'lotus');
    for (let n = 1; n <= 123; n += 1) {
      // System rows (as a session-time limit's end writes them), straight into the table: 123 of them.
      await t.db.execute(
        sql`INSERT INTO trust_audit (merchant_id, customer_id, actor, actor_id, action, requested, effect, at)
            VALUES (${lotus.id}, ${member.customerId}, 'system', NULL, 'test.row',
                    ${JSON.stringify({ n })}::jsonb, 'null'::jsonb, now())`,
      );
    }
    const cookie = await signIn(t.app, 'lotus-compliance', LOTUS);
    const seen: (number | string)[] = [];
    const sizes: number[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await audit(
        cookie,
        `?customerId=${member.customerId}${before === undefined ? '' : `&before=${before}`}`,
      );
      sizes.push(page.length);
      if (page.length === 0) break;
      seen.push(
        ...page.map((entry) =>
          entry.action === 'test.row' ? (entry.requested as { n: number }).n : entry.action,
        ),
      );
      before = page[page.length - 1]?.id;
    }
    // The 123 rows, then the oldest: the registration's terms acceptance.
    expect(sizes).toEqual([50, 50, 24, 0]);
    expect(seen).toEqual([...Array.from({ length: 123 }, (_, index) => 123 - index), 'terms.accept']);
  });

  // [case, the query, status]
  it.each<[string, string, number]>([
    ['before the first row', '?before=1', 200],
    ['before zero', '?before=0', 200],
    ['a before that is not a number', '?before=1%20OR%201=1', 400],
    ['a negative before', '?before=-5', 400],
    ['a before too long for an id', `?before=${'9'.repeat(19)}`, 400],
    ['a customer id that is not a number', '?customerId=abc', 400],
    ['a customer id of zero', '?customerId=0', 400],
  ])('answers %s', async (_case, query, status) => {
    const cookie = await signIn(t.app, 'lotus-compliance', LOTUS);
    const answer = await staffCall(t.app, 'GET', `rg/audit${query}`, cookie, undefined, LOTUS);
    expect(answer.statusCode).toBe(status);
    if (status === 200) expect(value<TrustAuditEntry[]>(answer)).toEqual([]);
    else expect(failure(answer).code).toBe('invalid_request');
  });

  // [case, the statement]
  it.each<[string, (customerId: number) => ReturnType<typeof sql>]>([
    [
      'an update of what took effect',
      (id) => sql`UPDATE trust_audit SET effect = '{}'::jsonb WHERE customer_id = ${id}`,
    ],
    [
      'an update of who did it',
      (id) => sql`UPDATE trust_audit SET actor = 'system', actor_id = NULL WHERE customer_id = ${id}`,
    ],
    ['a delete', (id) => sql`DELETE FROM trust_audit WHERE customer_id = ${id}`],
    ['a truncate', () => sql`TRUNCATE trust_audit`],
  ])('refuses %s (the database keeps the rows as written)', async (_case, statement) => {
    const member = await newLotusMember(t.app, 'Imm');
    value(await memberSetsLimit(t.app, member, 'wager_day', '50000'));
    const read = () =>
      t.db.execute(
        sql`SELECT actor, actor_id, effect FROM trust_audit WHERE customer_id = ${member.customerId}`,
      );
    const before = JSON.stringify(await read());
    await expect(t.db.execute(statement(member.customerId))).rejects.toThrow();
    expect(JSON.stringify(await read())).toBe(before);
  });
});
