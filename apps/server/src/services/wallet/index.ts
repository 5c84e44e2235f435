/**
 * The wallet domain (docs/cashier.md, docs/decisions/ledger.md): the double-entry ledger every
 * movement of money goes through, and the cashier built on it (deposits through payment providers,
 * their callbacks, the history, the balance feed). Other folders import it from here only.
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
export { countWager } from './bonus.js';
export { createWalletServices, type WalletServiceOptions, type WalletServices } from './services.js';
export { PSP_STAND_IN_BASE, providerSecretsAad } from './providers/registry.js';
export type { PspFetch } from './providers/types.js';
export { SeamlessWallet, type SeamlessAnswer } from './seamless/service.js';
export { SeamlessRefusal } from './seamless/refusal.js';
export { signSeamlessAnswer, verifySeamlessSignature } from './seamless/signature.js';
export { SEAMLESS_SESSION_TTL_MS, SeamlessSessions } from './seamless/sessions.js';
export { SeamlessVendors } from './seamless/vendors.js';
