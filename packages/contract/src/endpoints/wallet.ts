import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as walletSchemas from '../schemas/wallet.js';
import type {
  DepositOptions,
  DepositView,
  HistoryPage,
  PayoutAccountView,
  ReconciliationReport,
  StaffWithdrawal,
  WithdrawalView,
  WithdrawOptions,
} from '../cashier.js';
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
  withdrawOptions: define<typeof commonSchemas.emptyQuerySchema, WithdrawOptions>()({
    method: 'GET',
    path: '/wps/wallet/withdraw/options',
  }),
  payoutAccountAdd: define<typeof walletSchemas.payoutAccountAddSchema, PayoutAccountView>()({
    method: 'POST',
    path: '/wps/wallet/payout-accounts',
    sealed: true,
  }),
  withdrawCreate: define<typeof walletSchemas.withdrawCreateSchema, WithdrawalView>()({
    method: 'POST',
    path: '/wps/wallet/withdraw',
  }),
  staffWithdrawals: define<typeof commonSchemas.emptyQuerySchema, StaffWithdrawal[]>()({
    method: 'GET',
    path: '/wps/staff/withdrawals',
    auth: 'staff',
    staffPermission: 'cashier:review',
  }),
  staffWithdrawalApprove: define<typeof walletSchemas.staffWithdrawalDecisionSchema, StaffWithdrawal>()({
    method: 'POST',
    path: '/wps/staff/withdrawals/approve',
    auth: 'staff',
    staffPermission: 'cashier:review',
  }),
  staffWithdrawalReject: define<typeof walletSchemas.staffWithdrawalRejectSchema, StaffWithdrawal>()({
    method: 'POST',
    path: '/wps/staff/withdrawals/reject',
    auth: 'staff',
    staffPermission: 'cashier:review',
  }),
  staffReconcile: define<typeof commonSchemas.emptyBodySchema, ReconciliationReport>()({
    method: 'POST',
    path: '/wps/staff/reconcile',
    auth: 'staff',
    staffPermission: 'cashier:review',
  }),
};
