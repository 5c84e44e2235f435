import { define } from './define.js';
import type * as walletSchemas from '../schemas/wallet.js';
import type { CashierSearchHit, StaffAdjustment } from '../cashier.js';

/**
 * The back office's Cashier section beyond the withdrawal queue (issue 30 item 8): manual adjustments
 * that one staff member proposes and a second, different one approves, and the search of payments
 * and payouts by reference. The queue and the reconciliation are in endpoints/wallet.ts.
 */
export const cashdeskEndpoints = {
  /** The merchant's adjustments, newest first (those waiting for a second approver, or all). */
  staffAdjustments: define<typeof walletSchemas.adjustmentsQuerySchema, StaffAdjustment[]>()({
    method: 'GET',
    path: '/wps/staff/adjustments',
    auth: 'staff',
    staffPermission: 'cashier:adjust',
  }),
  /** Proposes a credit or debit of a member's cash; nothing moves until a second approver approves. */
  staffAdjustmentPropose: define<typeof walletSchemas.adjustmentProposeSchema, StaffAdjustment>()({
    method: 'POST',
    path: '/wps/staff/adjustments',
    auth: 'staff',
    staffPermission: 'cashier:adjust',
  }),
  /** Proposes the reversal of a posted adjustment (a correction is a reversing transfer, never an edit). */
  staffAdjustmentReverse: define<typeof walletSchemas.adjustmentReverseSchema, StaffAdjustment>()({
    method: 'POST',
    path: '/wps/staff/adjustments/reverse',
    auth: 'staff',
    staffPermission: 'cashier:adjust',
  }),
  /** The second approver posts it to the ledger (never the one who proposed it). */
  staffAdjustmentApprove: define<typeof walletSchemas.adjustmentDecisionSchema, StaffAdjustment>()({
    method: 'POST',
    path: '/wps/staff/adjustments/approve',
    auth: 'staff',
    staffPermission: 'cashier:approve',
  }),
  /** Declines a proposal, with a reason; nothing moves. */
  staffAdjustmentDecline: define<typeof walletSchemas.adjustmentDecisionSchema, StaffAdjustment>()({
    method: 'POST',
    path: '/wps/staff/adjustments/decline',
    auth: 'staff',
    staffPermission: 'cashier:approve',
  }),
  /** Deposits and withdrawals whose id or provider reference is the one asked. */
  staffCashierSearch: define<typeof walletSchemas.cashierSearchQuerySchema, CashierSearchHit[]>()({
    method: 'GET',
    path: '/wps/staff/cashier/search',
    auth: 'staff',
    staffPermission: 'cashier:review',
  }),
};
