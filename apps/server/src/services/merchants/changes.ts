import type { Database } from '../../db/client.js';

const CHANNEL = 'merchant_changed';

/**
 * A merchant's saved change, heard by every server instance (issue 30 item 3): the back office
 * announces each save, the database carries it (LISTEN/NOTIFY on PostgreSQL; on PGlite, which one
 * process opens, the in-process emitter), and each instance drops what it keeps of merchants, so the
 * next request reads the change without waiting for a TTL or a restart.
 */
export class MerchantChanges {
  private readonly drops = new Set<(merchantId: number) => void>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly notifications: Pick<Database, 'notify' | 'listen'>) {}

  async start(): Promise<void> {
    this.stopListening = await this.notifications.listen(CHANNEL, (payload) => this.heard(payload));
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** Registers what to drop when a merchant changes (a cache's clear, usually). */
  onChange(drop: (merchantId: number) => void): void {
    this.drops.add(drop);
  }

  /**
   * Tells every instance, this one included. Awaited by the save: its answer is sent once the
   * notification is on its way, so a read on another instance after the answer is never older than
   * the delivery of one NOTIFY.
   */
  async announce(merchantId: number): Promise<void> {
    this.drop(merchantId);
    await this.notifications.notify(CHANNEL, String(merchantId));
  }

  private heard(payload: string): void {
    const merchantId = Number(payload);
    if (Number.isSafeInteger(merchantId)) this.drop(merchantId);
  }

  private drop(merchantId: number): void {
    for (const drop of this.drops) drop(merchantId);
  }
}
