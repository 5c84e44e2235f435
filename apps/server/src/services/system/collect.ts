import type { EndpointParsed } from '@wps/contract/endpoints';
import type { Db } from '../../db/client.js';
import { collectedEvents } from '../../db/schema/index.js';

/** Stores one beacon event of the merchant, with the reporter's address. */
export async function storeCollectedEvent(
  db: Db,
  merchantId: number,
  event: EndpointParsed<'collect'>,
  ip: string,
): Promise<void> {
  await db.insert(collectedEvents).values({
    merchantId,
    reportedMerchant: event.merchant ?? null,
    value: event.value,
    ip,
  });
}
