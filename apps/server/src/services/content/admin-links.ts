import type { EndpointParsed } from '@wps/contract/endpoints';
import { checkCustomerServiceEntry } from '@wps/contract/customerService';
import type { StaffLinks } from '@wps/contract/offersAdmin';
import type { StaffActor } from '@wps/contract/staff';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw.js';
import type { MerchantPublicSettings } from '../../db/json-types.js';
import { openCustomerService, sealCustomerService } from '../customer-service/entries.js';
import { invalidRequest } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { notFound, type OffersDeps } from './admin-common.js';
import { isHttpLink } from './links.js';

/**
 * The back office's download links and customer-service entries (issue 30 item 5): two lists of
 * the merchant's public settings, each saved whole with jsonb_set (the other settings untouched by
 * a save racing it). A download link is an absolute http(s) address; an entry's path passes the
 * member side's own rule (checkCustomerServiceEntry: http(s) without credentials or a path of the
 * site, a CHAT entry the chat's address) and is sealed at rest for its merchant.
 */

export interface LinksDeps extends OffersDeps {
  kek: KeyEncryptionKey;
}

interface MerchantRow {
  code: string;
  settings: MerchantPublicSettings;
}

async function merchantOf(deps: LinksDeps, merchantId: number): Promise<MerchantRow> {
  const [row] = await rowsOf<MerchantRow>(
    deps.db,
    sql`SELECT code, public_settings AS settings FROM merchants WHERE id = ${merchantId}`,
  );
  if (row === undefined) throw notFound('merchant');
  return row;
}

export async function listLinks(deps: LinksDeps, actor: StaffActor): Promise<StaffLinks> {
  const merchant = await merchantOf(deps, actor.merchantId);
  const labels = await rowsOf<{ id: string; name: string }>(
    deps.db,
    sql`SELECT DISTINCT club_label_id AS id, club_label_name AS name FROM customers
        WHERE merchant_id = ${actor.merchantId} AND club_label_id IS NOT NULL ORDER BY 2, 1 LIMIT 200`,
  );
  return {
    resources: merchant.settings.resources,
    customerService: openCustomerService(deps.kek, merchant.code, merchant.settings.customerService),
    vipLabels: labels,
  };
}

async function setSetting(deps: LinksDeps, merchantId: number, key: string, value: unknown): Promise<void> {
  await deps.db.execute(
    sql`UPDATE merchants SET public_settings = jsonb_set(public_settings, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb)
        WHERE id = ${merchantId}`,
  );
  await deps.changes.announce(merchantId);
}

export async function saveDownloadLinks(
  deps: LinksDeps,
  actor: StaffActor,
  input: EndpointParsed<'staffDownloadLinksSave'>,
): Promise<StaffLinks> {
  // The member side's own rule too (no spaces, control characters or backslashes).
  const bad = input.resources.find((resource) => !isHttpLink(resource.url));
  if (bad !== undefined) throw invalidRequest(`Not an http(s) address: ${bad.resourceType}.`);
  await setSetting(deps, actor.merchantId, 'resources', input.resources);
  return listLinks(deps, actor);
}

export async function saveCustomerService(
  deps: LinksDeps,
  actor: StaffActor,
  input: EndpointParsed<'staffCustomerServiceSave'>,
): Promise<StaffLinks> {
  const checked = input.entries.map((entry, index) => {
    const ok = checkCustomerServiceEntry(entry);
    if (ok === null) {
      throw invalidRequest(
        `Entry ${index + 1}: the link must be an http(s) address or a path of the site (a chat entry: the chat's address).`,
      );
    }
    return { ...ok, labelIds: [...new Set(ok.labelIds)] };
  });
  const merchant = await merchantOf(deps, actor.merchantId);
  await setSetting(
    deps,
    actor.merchantId,
    'customerService',
    sealCustomerService(deps.kek, merchant.code, checked),
  );
  return listLinks(deps, actor);
}
