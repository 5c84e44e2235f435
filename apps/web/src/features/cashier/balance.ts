import type { BalanceView } from '@wps/contract/money';
import { fetchBalance } from '@/api/endpoints/wallet';
import type { QuerySpec } from '@/queries/store';

/**
 * The member's balance (issue 28): one query for the header and the member home, kept for the
 * session, loaded again on return to the tab (the query layer's visibility refresh) and replaced by
 * every `balance` event of the stream (balanceStream.ts).
 */
export const balanceQuery: QuerySpec<BalanceView> = {
  key: ['walletBalance'],
  load: fetchBalance,
  keep: true,
  member: true,
};

const DECIMAL_TEXT = /^-?\d{1,19}(\.\d{1,4})?$/;

/** A balance the stream sent, checked: a malformed event is ignored rather than shown. */
export function isBalanceView(value: unknown): value is BalanceView {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.currency === 'string' &&
    /^[A-Z]{3}$/.test(record.currency) &&
    ['cash', 'bonus', 'held'].every(
      (field) => typeof record[field] === 'string' && DECIMAL_TEXT.test(record[field]),
    )
  );
}
