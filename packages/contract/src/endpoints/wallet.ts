import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as walletSchemas from '../schemas/wallet.js';
import type { DepositOptions, DepositView, HistoryPage } from '../cashier.js';
import type { BalanceView } from '../money.js';

/** The table's cashier calls (issue 28): the balance, deposits, the history. */
export const walletEndpoints = {
  walletBalance: define<typeof commonSchemas.emptyQuerySchema, BalanceView>()({
    method: 'GET',
    path: '/wps/wallet/balance',
  }),
  depositOptions: define<typeof commonSchemas.emptyQuerySchema, DepositOptions>()({
    method: 'GET',
    path: '/wps/wallet/deposit/options',
  }),
  depositCreate: define<typeof walletSchemas.depositCreateSchema, DepositView>()({
    method: 'POST',
    path: '/wps/wallet/deposit',
  }),
  depositStatus: define<typeof walletSchemas.depositStatusQuerySchema, DepositView>()({
    method: 'GET',
    path: '/wps/wallet/deposit/:id',
  }),
  walletHistory: define<typeof walletSchemas.historyQuerySchema, HistoryPage>()({
    method: 'GET',
    path: '/wps/wallet/history',
  }),
};
