/**
 * The wallet domain (docs/decisions/ledger.md): the double-entry ledger every movement of money goes
 * through, and what is built on it (the cashier, the games' seamless wallet). Other folders import it
 * from here only.
 */
export {
  HOUSE_BUCKETS,
  houseBucket,
  Ledger,
  MoneyTx,
  requestHash,
  type AccountRef,
  type Json,
  type Leg,
  type LedgerHooks,
  type MoneyWrite,
  type TransferInput,
  type WriteResult,
} from './ledger.js';
export { ledgerHolds, verifyLedger, type LedgerVerification } from './verify.js';
export { SeamlessWallet, type SeamlessAnswer } from './seamless/service.js';
export { SeamlessRefusal } from './seamless/refusal.js';
export { signSeamlessAnswer, verifySeamlessSignature } from './seamless/signature.js';
export { SEAMLESS_SESSION_TTL_MS, SeamlessSessions } from './seamless/sessions.js';
export { SeamlessVendors } from './seamless/vendors.js';
