import { endpoints, type EndpointName } from '@wps/contract/endpoints';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import { STAFF_ROLES, type StaffRole } from '@wps/contract/staff';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { AURORA } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { DEMO_ACCOUNT_OF } from '../../test/staff-roles.js';
import { backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 30 item 2: the role × endpoint matrix, generated from the contract's endpoint table and the
 * roles' grants as the database holds them. Every staff call that names a permission is made by the
 * demo account of every role: a role granted the permission is never refused for it (no 403), a
 * role without it is refused with 403 staff_forbidden — before its input is even read.
 */
const GUARDED = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
  const facts: EndpointFacts = endpoints[name];
  return facts.auth === 'staff' && typeof facts.staffPermission === 'string';
});
/** The staff calls that name no permission: anyone may try them. */
const OPEN = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
  const facts: EndpointFacts = endpoints[name];
  return facts.auth === 'staff' && facts.staffPermission === null;
});

const pathOf = (name: EndpointName) =>
  endpoints[name].path.replace('/wps/staff/', '').replaceAll(/:\w+/g, '999999');

describe.each(backends)('the role × endpoint matrix (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const cookies = new Map<StaffRole, string>();
  let grants = new Map<string, string[]>();

  beforeAll(async () => {
    const rows = await rowsOf<{ code: string; permissions: string[] }>(
      t.db,
      sql`SELECT r.code, array(SELECT p.permission FROM staff_role_permissions p WHERE p.role_id = r.id) AS permissions
          FROM staff_roles r WHERE r.merchant_id IS NULL`,
    );
    grants = new Map(rows.map((row) => [row.code, row.permissions]));
    for (const role of STAFF_ROLES) cookies.set(role, await signIn(t.app, DEMO_ACCOUNT_OF[role], AURORA));
  });

  it('covers every staff call of the table and every role', () => {
    expect(GUARDED.length + OPEN.length).toBe(
      Object.values(endpoints).filter((facts: EndpointFacts) => facts.auth === 'staff').length,
    );
    expect(GUARDED.length).toBeGreaterThanOrEqual(28);
    expect([...grants.keys()].sort()).toEqual([...STAFF_ROLES].sort());
  });

  const cases = STAFF_ROLES.flatMap((role) => GUARDED.map((name) => [role, name] as const));

  it.each(cases)('%s calls %s', async (role, name) => {
    const facts: EndpointFacts = endpoints[name];
    const allowed = (grants.get(role) ?? []).includes(facts.staffPermission ?? '');
    const answer = await staffCall(
      t.app,
      facts.method,
      pathOf(name),
      cookies.get(role) ?? '',
      facts.method === 'POST' ? {} : undefined,
    );
    const body = answer.json<{ errorCode?: string }>();
    if (allowed) {
      expect(answer.statusCode, `${role} ${name}: ${answer.body}`).not.toBe(403);
      expect(answer.statusCode).not.toBe(401);
      expect(body.errorCode).not.toBe('staff_forbidden');
    } else {
      expect(answer.statusCode, `${role} ${name}: ${answer.body}`).toBe(403);
      expect(body.errorCode).toBe('staff_forbidden');
    }
  });

  it.each(STAFF_ROLES)('%s may try the calls that name no permission (never a 403)', async (role) => {
    for (const name of OPEN) {
      // A session of its own: signing out ends it.
      const cookie = await signIn(t.app, DEMO_ACCOUNT_OF[role], AURORA);
      const answer = await staffCall(t.app, 'POST', pathOf(name), cookie, {});
      expect(answer.statusCode, `${role} ${name}: ${answer.body}`).not.toBe(403);
    }
  });
});
