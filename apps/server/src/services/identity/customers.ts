import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import type { Customer } from './sessions.js';

/** The mobile number as stored: the dialing code without its plus. */
export function storedDialingCode(countryDialingCode: string): string {
  return countryDialingCode.replace(/^\+/, '');
}

/** The merchant's one member matching every condition, or null. */
async function findCustomer(db: Db, merchantId: number, ...conditions: SQL[]): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), ...conditions))
    .limit(1);
  return row ?? null;
}

/** Usernames (and emails) are unique without regard to case. */
const sameUsername = (username: string) => eq(sql`lower(${customers.username})`, username.toLowerCase());

/** The merchant's member of `username`, in any case. */
export function customerByUsername(db: Db, merchantId: number, username: string): Promise<Customer | null> {
  return findCustomer(db, merchantId, sameUsername(username));
}

/** The merchant's member of a mobile number (`countryDialingCode` with or without its plus). */
export function customerByMobile(
  db: Db,
  merchantId: number,
  countryDialingCode: string,
  mobileNum: string,
): Promise<Customer | null> {
  return findCustomer(
    db,
    merchantId,
    eq(customers.countryDialingCode, storedDialingCode(countryDialingCode)),
    eq(customers.mobileNum, mobileNum),
  );
}

/**
 * The merchant's member whose mobile number, written in E.164 (`+{dialing code}{number}`), is
 * `e164`; null for none, and for more than one (two splits of one number: no guess).
 */
export async function customerByE164(db: Db, merchantId: number, e164: string): Promise<Customer | null> {
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(sql`'+' || ${customers.countryDialingCode} || ${customers.mobileNum}`, e164),
      ),
    )
    .limit(2);
  return rows.length === 1 ? (rows[0] ?? null) : null;
}

/** The member whose username and email address both match (any case): a reset by email needs both. */
export function customerByUsernameAndEmail(
  db: Db,
  merchantId: number,
  username: string,
  email: string,
): Promise<Customer | null> {
  return findCustomer(
    db,
    merchantId,
    sameUsername(username),
    eq(sql`lower(${customers.email})`, email.toLowerCase()),
  );
}
