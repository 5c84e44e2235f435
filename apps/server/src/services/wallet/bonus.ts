import { sql } from 'drizzle-orm';
import type { MoneyTx } from './ledger.js';
import { DomainError } from '../errors.js';
import { WalletErrorCode } from '@wps/contract/amounts';
import { rowsOf } from './sql.js';

/**
 * Wagering towards bonuses (issue 28 item 7), inside the bet's own money transaction: the stake
 * counts towards the member's active bonus grants, oldest first; a grant whose turnover is met is
 * released — its bonus moves from the member's bonus account to their cash, where it can be
 * withdrawn. Returns the bonus released, in minor units.
 */
export async function countWager(
  tx: MoneyTx,
  customerId: number,
  currency: string,
  stake: bigint,
): Promise<bigint> {
  const grants = await rowsOf<{ id: number; amount: string; required: string; wagered: string }>(
    tx.runner,
    sql`SELECT id, amount::text AS amount, turnover_required::text AS required, wagered::text AS wagered
        FROM bonus_grants
        WHERE merchant_id = ${tx.merchantId} AND customer_id = ${customerId} AND currency = ${currency} AND state = 'active'
        ORDER BY id FOR UPDATE`,
  );
  let left = stake;
  let released = 0n;
  for (const grant of grants) {
    if (left <= 0n) break;
    const missing = BigInt(grant.required) - BigInt(grant.wagered);
    const counted = left < missing ? left : missing;
    left -= counted;
    const met = counted >= missing;
    await tx.runner.execute(
      sql`UPDATE bonus_grants SET wagered = wagered + ${counted.toString()}::bigint, state = ${met ? 'met' : 'active'}
          WHERE id = ${grant.id}`,
    );
    if (met) released += BigInt(grant.amount);
  }
  if (released === 0n) return 0n;
  // The bonus account may hold less than the grants say (bonus money staked and lost): release what is there.
  const bonus = await tx.balance({ kind: 'member_bonus', currency, customerId });
  const amount = released < bonus ? released : bonus;
  if (amount > 0n) {
    await tx.transfer({
      kind: 'bonus_release',
      customerId,
      legs: [
        { account: { kind: 'member_bonus', currency, customerId }, amount: -amount },
        { account: { kind: 'member_cash', currency, customerId }, amount },
      ],
    });
  }
  return amount;
}

/** A withdrawal forfeits the member's active bonus, once agreed: the bonus balance goes back to the pool. */
export async function forfeitActiveBonus(
  tx: MoneyTx,
  customerId: number,
  currency: string,
  id: string,
  agreed: boolean,
): Promise<bigint> {
  const [active] = await rowsOf<{ count: number }>(
    tx.runner,
    sql`SELECT count(*)::int AS count FROM bonus_grants
        WHERE merchant_id = ${tx.merchantId} AND customer_id = ${customerId} AND state = 'active'`,
  );
  if ((active?.count ?? 0) === 0) return 0n;
  if (!agreed) {
    throw new DomainError(
      WalletErrorCode.PAYMENT_STATE,
      'A withdrawal now forfeits your active bonus: agree to continue.',
    );
  }
  const bonus = await tx.balance({ kind: 'member_bonus', currency, customerId });
  if (bonus > 0n) {
    await tx.transfer({
      kind: 'bonus_forfeit',
      customerId,
      reference: id,
      legs: [
        { account: { kind: 'member_bonus', currency, customerId }, amount: -bonus },
        { account: { kind: 'bonus_pool', currency }, amount: bonus },
      ],
    });
  }
  await tx.runner.execute(
    sql`UPDATE bonus_grants SET state = 'forfeited' WHERE merchant_id = ${tx.merchantId} AND customer_id = ${customerId} AND state = 'active'`,
  );
  return bonus;
}
