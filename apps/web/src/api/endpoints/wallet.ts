import type {
  DepositOptions,
  DepositView,
  HistoryKind,
  HistoryPage,
  PayoutAccountView,
  WithdrawalView,
  WithdrawOptions,
} from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import { call } from '@/api/call';
import { get } from '@/api/client';

/**
 * The cashier's calls (issue 28): the balance, deposits, withdrawals and the history. The cashier screens show
 * their own errors (`handleErrors: false`); a lost session still goes through the error catalogue.
 */
const inline = { handleErrors: false, noCache: true } as const;

export function fetchBalance(): Promise<BalanceView> {
  return call('walletBalance', {}, { noCache: true });
}

export function fetchDepositOptions(): Promise<DepositOptions> {
  return call('depositOptions', {}, inline);
}

export interface DepositRequest {
  /** One per deposit attempt, the same on a retry of that attempt (the server replays its answer). */
  requestKey: string;
  method: string;
  amount: string;
  bonus?: string;
}

export function createDeposit(request: DepositRequest): Promise<DepositView> {
  return call('depositCreate', request, inline);
}

/** The payment's id is a path segment (`/wps/wallet/deposit/:id`); the table's `call` sends no path parameters. */
export function fetchDepositStatus(id: string): Promise<DepositView> {
  return get<DepositView>(`/wps/wallet/deposit/${encodeURIComponent(id)}`, inline);
}

export interface HistoryFilter {
  kind?: HistoryKind;
  /** YYYY-MM-DD, inclusive (UTC). */
  from?: string;
  to?: string;
}

export function fetchHistory(
  filter: HistoryFilter,
  before: string | null,
  pageSize = 20,
): Promise<HistoryPage> {
  return call('walletHistory', { ...filter, ...(before === null ? {} : { before }), pageSize }, inline);
}

export function fetchWithdrawOptions(): Promise<WithdrawOptions> {
  return call('withdrawOptions', {}, inline);
}

export interface PayoutAccountRequest {
  kind: 'bank' | 'ewallet';
  bankCode: string;
  accountName: string;
  accountNumber: string;
  /** The member's password: binding an account is as sensitive as changing it. */
  password: string;
}

export function addPayoutAccount(request: PayoutAccountRequest): Promise<PayoutAccountView> {
  return call('payoutAccountAdd', request, inline);
}

export interface WithdrawRequest {
  /** One per withdrawal attempt, the same on a retry of that attempt (the server holds the money once). */
  requestKey: string;
  accountId: number;
  amount: string;
  /** The member saw the bonus that a withdrawal now forfeits and agreed. */
  forfeitBonus: boolean;
}

export function createWithdrawal(request: WithdrawRequest): Promise<WithdrawalView> {
  return call('withdrawCreate', request, inline);
}
