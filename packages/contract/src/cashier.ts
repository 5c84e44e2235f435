/**
 * The cashier's wire shapes (issue 28): deposit methods and payments, the history. Amounts are
 * decimal strings in the merchant's currency (money.ts); types only, the schemas are in
 * schemas/wallet.ts.
 */

/** How the member pays: a provider's hosted page, a QR code in a regional format, or a bank transfer with a memo. */
export type DepositMethodKind = 'hosted' | 'qr_ph' | 'promptpay' | 'vietqr' | 'bank_transfer';

export interface DepositMethod {
  code: string;
  kind: DepositMethodKind;
  /** The method's name as the merchant gives it (a bank or wallet brand), shown as is. */
  name: string;
  currency: string;
  min: string;
  max: string;
  /** Left of the method's per-day maximum for this member today. */
  dailyLeft: string;
  presets: string[];
}

/** A deposit bonus the member may attach (a promotion's match), with its terms before agreeing. */
export interface DepositBonusOffer {
  code: string;
  /** Percent of the deposit credited as bonus. */
  percent: number;
  /** Largest bonus, decimal string. */
  maxBonus: string;
  /** Turnover to wager before the bonus can be withdrawn: this many times bonus. */
  turnoverMultiplier: number;
}

export interface DepositOptions {
  currency: string;
  methods: DepositMethod[];
  bonuses: DepositBonusOffer[];
  /** The member's successful deposits so far (spec section 3, totalDepositSuccessCount). */
  totalDepositSuccessCount: number;
}

export type PaymentState = 'pending' | 'success' | 'failed' | 'expired';

/** What the member does next to pay. */
export type PaymentAction =
  | { type: 'redirect'; url: string }
  | { type: 'qr'; payload: string; format: 'qr_ph' | 'promptpay' | 'vietqr' }
  | { type: 'bank_transfer'; bankName: string; accountName: string; accountNumber: string; memo: string };

export interface DepositView {
  id: string;
  state: PaymentState;
  method: string;
  amount: string;
  bonus: string;
  currency: string;
  /** How to pay; null for a moment while the provider is asked (poll the status). */
  action: PaymentAction | null;
  createdAt: string;
  expiresAt: string;
  /** True the first time this member's deposit succeeded (the firstDeposit event, spec section 9). */
  firstDeposit: boolean;
}

export type HistoryKind = 'deposit' | 'withdrawal' | 'bet' | 'win' | 'bonus' | 'adjustment';

export interface HistoryEntry {
  id: string;
  kind: HistoryKind;
  /** Signed decimal string: negative leaves the member's balance. */
  amount: string;
  currency: string;
  state: 'success' | 'pending' | 'failed';
  reference: string;
  /** A game round's id: its bet and win share it. */
  round: string | null;
  at: string;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Pass as `before` for the next (older) page; null at the end. */
  next: string | null;
}

/**
 * The balance stream (server-sent events, read with fetch and the Authorization header): a
 * `balance` event carrying a BalanceView at once and after every movement of the member's money.
 */
export const WALLET_EVENTS_PATH = '/wps/wallet/events';

// ---- withdrawals (issue 28 item 4) -------------------------------------------------------------

export interface PayoutAccountView {
  id: number;
  kind: 'bank' | 'ewallet';
  bankCode: string;
  accountName: string;
  /** Only the last four digits: the full number never leaves the server again. */
  accountNumberLast4: string;
}

export interface WithdrawMethod {
  code: string;
  name: string;
  min: string;
  max: string;
  dailyLeft: string;
}

export interface WithdrawOptions {
  currency: string;
  /** Cash the member may withdraw now. */
  available: string;
  /** Bonus money: not withdrawable; a withdrawal before its turnover is met forfeits it. */
  bonus: string;
  /** Turnover still to wager before the bonus is released, decimal string ("0" when none). */
  turnoverLeft: string;
  /** Held for withdrawals in progress. */
  held: string;
  /** The name every payout account must carry (set by the first one bound); null before. */
  holderName: string | null;
  accounts: PayoutAccountView[];
  methods: WithdrawMethod[];
}

export type WithdrawalState = 'review' | 'paying' | 'paid' | 'rejected' | 'failed' | 'unknown';

export interface WithdrawalView {
  id: string;
  state: WithdrawalState;
  amount: string;
  currency: string;
  account: PayoutAccountView;
  /** Bonus forfeited by this withdrawal, decimal string. */
  bonusForfeited: string;
  reason: string | null;
  createdAt: string;
}

/** A withdrawal as the merchant's cashier staff review it. */
export interface StaffWithdrawal extends WithdrawalView {
  username: string;
  /** Approvals so far and how many it needs (2 above the merchant's threshold). */
  approvals: number;
  approvalsNeeded: number;
  /** Who approved so far (display names): the next approver must be someone else. */
  approvers: string[];
}

/** What the reconciliation found for the merchant (issue 28 item 8): every figure 0 when the books hold. */
export interface ReconciliationReport {
  /** Payouts whose outcome the provider still does not tell: their money stays held. */
  unknownPayouts: number;
  /** Pending deposits the provider's status settled (their callback was lost). */
  depositsSettled: number;
  /** Deposits the provider says were paid but ours expired first, or that did not match: for the staff. */
  depositDifferences: number;
  /** Accounts whose cached balance is not the sum of their entries. */
  balanceDifferences: number;
  /** Transfers that do not sum to zero. */
  unbalancedTransfers: number;
  /** Each difference behind the figures, to look at one by one (issue 30 item 8). */
  findings: ReconciliationFinding[];
}

export type ReconciliationFindingKind =
  'unknown_payout' | 'deposit_difference' | 'balance_mismatch' | 'unbalanced_transfer';

/** One difference the reconciliation found: what it is and the reference to look it up by. */
export interface ReconciliationFinding {
  kind: ReconciliationFindingKind;
  /** A withdrawal's or payment's id, a ledger account's or transfer's id. */
  reference: string;
  /** The figures, as text: "cached 100 / entries 90", an amount and currency. */
  detail: string;
}

/**
 * The back office's cashier refusals (issue 30 item 8). Staff refusals stay English, as the console
 * is, so they are not in the server's 29 catalogs; the staff app shows its own text per code.
 */
export const CashierStaffErrorCode = {
  /** The same staff member approved it already: a second approval needs another account (409). */
  SECOND_APPROVER_REQUIRED: 'second_approver_required',
} as const;
export type CashierStaffErrorCode = (typeof CashierStaffErrorCode)[keyof typeof CashierStaffErrorCode];

export type AdjustmentState = 'proposed' | 'posted' | 'declined';

/**
 * A manual adjustment of a member's cash account: proposed by one staff member with a reason,
 * posted to the ledger only when a second, different staff member approves it.
 */
export interface StaffAdjustment {
  id: string;
  customerId: number;
  username: string;
  /** Signed decimal text in the currency: positive credits the member, negative debits. */
  amount: string;
  currency: string;
  reason: string;
  state: AdjustmentState;
  proposedBy: string;
  /** The second approver (posted) or the one who declined. */
  decidedBy: string | null;
  declineReason: string | null;
  /** The posted adjustment this one reverses (a correction), if it is one. */
  reverses: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** A payment or payout found by a reference: our id or the provider's reference. */
export interface CashierSearchHit {
  type: 'deposit' | 'withdrawal';
  id: string;
  providerRef: string | null;
  customerId: number;
  username: string;
  amount: string;
  currency: string;
  state: string;
  provider: string;
  createdAt: string;
}
