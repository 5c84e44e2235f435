import type { Database } from '../../db/client.js';

const CHANNEL = 'wallet_balance';

/** Payloads stay far below NOTIFY's 8,000 bytes: a movement touches one or two members. */
const payloadOf = (merchantId: number, customerIds: readonly number[]): string =>
  `${merchantId}:${customerIds.join(',')}`;

/**
 * Who is watching which balance on this instance, and the notifications that reach them from every
 * instance: the ledger announces each commit that moved members' money (`announce`), the database
 * carries it (LISTEN/NOTIFY on PostgreSQL), and each instance tells its own watchers.
 */
export class BalanceFeed {
  private readonly watchers = new Map<string, Set<() => void>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly notifications: Pick<Database, 'notify' | 'listen'>) {}

  async start(): Promise<void> {
    this.stopListening = await this.notifications.listen(CHANNEL, (payload) => this.heard(payload));
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  announce(merchantId: number, customerIds: readonly number[]): void {
    this.notifications.notify(CHANNEL, payloadOf(merchantId, customerIds)).catch(() => undefined);
  }

  /** The notification as a transfer sends it from its own statement (PostgreSQL, see LedgerHooks). */
  readonly inTransfer = { channel: CHANNEL, payload: payloadOf };

  subscribe(merchantId: number, customerId: number, onChange: () => void): () => void {
    const key = `${merchantId}:${customerId}`;
    let set = this.watchers.get(key);
    if (set === undefined) {
      set = new Set();
      this.watchers.set(key, set);
    }
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.watchers.delete(key);
    };
  }

  private heard(payload: string): void {
    const [merchant, customers = ''] = payload.split(':');
    for (const customer of customers.split(',')) {
      for (const onChange of this.watchers.get(`${merchant}:${customer}`) ?? []) onChange();
    }
  }
}
