import { PGlite } from '@electric-sql/pglite';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate.js';

/** The migrations' SQL files before and from staff_roles, in order. */
const files = readdirSync(MIGRATIONS_FOLDER)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const staffRoles = files.findIndex((name) => name.endsWith('_staff_roles.sql'));

async function run(db: PGlite, names: readonly string[]): Promise<void> {
  for (const name of names) {
    for (const statement of readFileSync(join(MIGRATIONS_FOLDER, name), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      if (statement.trim() !== '') await db.exec(statement);
    }
  }
}

// Issue 30 item 2: a database of the three old roles, migrated (docs/decisions/staff-roles.md).
describe('migration staff_roles on existing staff', () => {
  it('maps agent to support, supervisor and admin to admin, scopes each to its merchant, disables one without a second factor', async () => {
    expect(staffRoles).toBeGreaterThan(0);
    const db = await PGlite.create('memory://');
    try {
      await run(db, files.slice(0, staffRoles));
      await db.exec(`INSERT INTO countries (code, name, dialing_code) VALUES ('US', 'United States', '1')`);
      await db.exec(`INSERT INTO merchants (code, name, default_language, languages, currency, currency_symbol,
          currency_position, country_code, template, public_settings, main_host)
        VALUES ('m1', 'One', 'EN', '["EN"]', 'USD', '$', 'before', 'US', '{}', '{}', 'one.example'),
               ('m2', 'Two', 'EN', '["EN"]', 'USD', '$', 'before', 'US', '{}', '{}', 'two.example')`);
      await db.exec(`INSERT INTO staff_accounts (merchant_id, username, display_name, role, password_hash, totp_secret_sealed)
        SELECT m.id, v.username, v.username, v.role, 'hash', v.totp FROM merchants m JOIN (VALUES
          ('m1', 'a1', 'agent', 'sealed'), ('m1', 's1', 'supervisor', 'sealed'), ('m2', 'ad2', 'admin', 'sealed'),
          ('m2', 'nofactor', 'agent', NULL)) AS v(code, username, role, totp) ON v.code = m.code`);
      await run(db, files.slice(staffRoles, staffRoles + 1));
      const { rows } = await db.query<{ username: string; role: string; scope: string; disabled: boolean }>(
        `SELECT a.username, r.code AS role, a.disabled,
                (SELECT string_agg(m.code, ',') FROM staff_account_merchants s JOIN merchants m ON m.id = s.merchant_id WHERE s.staff_id = a.id) AS scope
         FROM staff_accounts a JOIN staff_roles r ON r.id = a.role_id ORDER BY a.username`,
      );
      expect(rows).toEqual([
        { username: 'a1', role: 'support', scope: 'm1', disabled: false },
        { username: 'ad2', role: 'admin', scope: 'm2', disabled: false },
        { username: 'nofactor', role: 'support', scope: 'm2', disabled: true },
        { username: 's1', role: 'admin', scope: 'm1', disabled: false },
      ]);
      // From now on no enabled account without a second factor.
      await expect(
        db.exec(`UPDATE staff_accounts SET disabled = false WHERE username = 'nofactor'`),
      ).rejects.toThrow(/staff_accounts_second_factor/);
    } finally {
      await db.close();
    }
  });
});
