import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema.js';
import type { Customer } from './sessions.js';

/** The mobile number as stored: the dialing code without its plus. */
export function storedDialingCode(countryDialingCode: string): string {
  return countryDialingCode.replace(/^\+/, '');
}

/** The merchant's member of `username`, in any case (usernames are unique without regard to case). */
export async function customerByUsername(
  db: Db,
  merchantId: number,
  username: string,
): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(sql`lower(${customers.username})`, username.toLowerCase()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The merchant's member of a mobile number (`countryDialingCode` with or without its plus). */
export async function customerByMobile(
  db: Db,
  merchantId: number,
  countryDialingCode: string,
  mobileNum: string,
): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(customers.countryDialingCode, storedDialingCode(countryDialingCode)),
        eq(customers.mobileNum, mobileNum),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The member whose username and email address both match (any case): a reset by email needs both. */
export async function customerByUsernameAndEmail(
  db: Db,
  merchantId: number,
  username: string,
  email: string,
): Promise<Customer | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        eq(sql`lower(${customers.username})`, username.toLowerCase()),
        eq(sql`lower(${customers.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  return row ?? null;
}
