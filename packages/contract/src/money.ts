import { z } from 'zod';
import { DECIMAL } from './amounts.js';

/**
 * Money on the wire (issue 28, docs/decisions/ledger.md): amounts travel as decimal
 * strings in the currency's major unit ("1250.50"), are held as integer minor units (bigint) by both
 * sides, and never pass through a float.
 */

/** A wire amount: a decimal string (its currency's digits are checked where the currency is known). */
export const AmountText = z.string().regex(DECIMAL, 'a decimal amount such as 100 or 12.50');

/** A balance as the member sees it. */
export const BalanceView = z.object({
  currency: z.string(),
  /** Withdrawable cash, decimal string. */
  cash: z.string(),
  /** Bonus money still under a turnover requirement. */
  bonus: z.string(),
  /** Cash held for withdrawals in progress. */
  held: z.string(),
});
export type BalanceView = z.infer<typeof BalanceView>;
