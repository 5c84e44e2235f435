import type { CashierSearchHit, HistoryPage } from '@wps/contract/cashier';
import type { TrustGate } from '../trust/index.js';
import type { Database } from '../../db/client.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { Cashier } from './cashier.js';
import { BalanceFeed } from './feed.js';
import { memberHistory, type HistoryQuery } from './history.js';
import { Ledger } from './ledger.js';
import { ProviderRegistry } from './providers/registry.js';
import type { PspFetch } from './providers/types.js';
import { Settlement } from './settlement.js';
import { Withdrawals } from './withdrawals.js';
import { Reconciliation } from './reconciliation.js';
import { Adjustments } from './adjustments.js';
import { searchByReference } from './search.js';

export interface WalletServiceOptions {
  database: Database;
  kek: KeyEncryptionKey;
  now: () => number;
  /** The DemoPay stand-in's API (src/stand-ins/psp); null in production. */
  pspStandIn: PspFetch | null;
  /** Deposit limits and breaks (services/trust). */
  trust: TrustGate;
}

export interface WalletServices {
  ledger: Ledger;
  cashier: Cashier;
  settlement: Settlement;
  withdrawals: Withdrawals;
  reconciliation: Reconciliation;
  /** Manual adjustments with a second approver (issue 30 item 8). */
  adjustments: Adjustments;
  providers: ProviderRegistry;
  feed: BalanceFeed;
  history(merchantId: number, customerId: number, query: HistoryQuery): Promise<HistoryPage>;
  /** Payments and payouts by our id or the provider's reference. */
  search(merchantId: number, ref: string): Promise<CashierSearchHit[]>;
}

export function createWalletServices(options: WalletServiceOptions): WalletServices {
  const { database, kek, now } = options;
  const db = database.db;
  const feed = new BalanceFeed(database);
  // PostgreSQL carries the notification in the transfer's own statement (a round trip and a pooled
  // connection less per movement); PGlite's in-process feed hears it after the commit.
  const ledger = new Ledger(
    db,
    database.backend === 'postgres'
      ? { notifyInTransfer: feed.inTransfer }
      : { afterCommit: (merchantId, customerIds) => feed.announce(merchantId, customerIds) },
  );
  const providers = new ProviderRegistry({ db, kek, standInFetch: options.pspStandIn });
  const settlement = new Settlement({ db, ledger, providers, now });
  const withdrawals = new Withdrawals({ db, ledger, providers, now });
  return {
    ledger,
    cashier: new Cashier({ db, ledger, providers, now, trust: options.trust }),
    settlement,
    withdrawals,
    reconciliation: new Reconciliation({ db, settlement, withdrawals }),
    adjustments: new Adjustments({ db, ledger, now }),
    providers,
    feed,
    history: (merchantId, customerId, query) => memberHistory(db, merchantId, customerId, query),
    search: (merchantId, ref) => searchByReference(db, merchantId, ref),
  };
}
