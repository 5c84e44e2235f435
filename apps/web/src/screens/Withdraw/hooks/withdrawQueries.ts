import type { WithdrawOptions } from '@wps/contract/cashier';
import { fetchWithdrawOptions } from '@/api/endpoints/wallet';
import type { QuerySpec } from '@/queries/store';

/**
 * The withdrawal page's one query (issue 28 item 4): balances, bonus turnover, payout accounts and
 * limits. Loaded again after every change the page makes (an account bound, a withdrawal held) and
 * on return to the tab.
 */
export const withdrawOptionsQuery: QuerySpec<WithdrawOptions> = {
  key: ['withdrawOptions'],
  load: fetchWithdrawOptions,
  member: true,
};
