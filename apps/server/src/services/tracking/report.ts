import { createHash, timingSafeEqual } from 'node:crypto';
import { TrackingErrorCode, type AttributionReport, type AttributionRow } from '@wps/contract/tracking';
import { and, count, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, marketingEvents, merchants } from '../../db/schema/index.js';
import { DomainError, invalidRequest } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { openMerchantSecret } from '../merchants/secrets.js';

/**
 * The attribution report (issue 17): the merchant's registrations in a range of UTC days, grouped by
 * affiliate code, campaign and referral code, with first deposits and the conversion between them.
 *
 * There is no operator or agent sign-in in this product yet, so the report is guarded by a
 * per-merchant report token kept in the merchant's server-only secrets (`TRACKING_REPORT_TOKEN`),
 * sent in the `X-Report-Token` header. A first deposit is a `firstDepositArrival` event, which the
 * server records from the ledger when the member's first deposit is credited (movement-events.ts); a
 * client cannot send one. Client events are attributed to the member of the session they came with
 * (`customerRef`, set by the server, never from the client's payload; a claimed id is kept apart and
 * not counted).
 */

export const REPORT_TOKEN_SECRET = 'TRACKING_REPORT_TOKEN';
export const REPORT_TOKEN_HEADER = 'x-report-token';
const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Refuses unless `given` is the merchant's report token (compared in constant time). */
export async function requireReportToken(
  db: Db,
  merchantId: number,
  given: string | undefined,
  /** Opens the token, sealed at rest when the back office saved it (services/merchants/secrets.ts). */
  kek?: KeyEncryptionKey,
): Promise<void> {
  const [row] = await db
    .select({ secrets: merchants.secrets })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const stored = row?.secrets[REPORT_TOKEN_SECRET];
  const expected =
    stored === undefined || kek === undefined
      ? stored
      : openMerchantSecret(kek, merchantId, REPORT_TOKEN_SECRET, stored);
  if (!expected || !given || !timingSafeEqual(digest(expected), digest(given))) {
    throw new DomainError(TrackingErrorCode.REPORT_TOKEN_INVALID, 'The report token is missing or wrong.');
  }
}

/** The click-id kind a registration came through: utm_source when given, else the ad platform. */
export function campaignOf(pixelTrack: Record<string, string> | null): string {
  if (!pixelTrack) return '';
  if (pixelTrack.utm_source) return pixelTrack.utm_source;
  if (pixelTrack.fbc) return 'meta';
  if (pixelTrack.gtag) return 'google';
  if (pixelTrack.tiktok) return 'tiktok';
  if (pixelTrack.kwaiClickId || pixelTrack.kwaiPixelId) return 'kwai';
  if (pixelTrack.twitter) return 'twitter';
  if (pixelTrack.voluum) return 'voluum';
  return '';
}

interface Tally {
  registrations: number;
  firstDeposits: number;
  events: number;
}

function rows(tallies: Map<string, Tally>): AttributionRow[] {
  return [...tallies]
    .map(([key, tally]) => ({
      key,
      ...tally,
      conversion:
        tally.registrations === 0
          ? 0
          : Math.round((tally.firstDeposits / tally.registrations) * 10_000) / 10_000,
    }))
    .sort((a, b) => b.registrations - a.registrations || a.key.localeCompare(b.key));
}

export async function attributionReport(
  db: Db,
  merchantId: number,
  range: { from: string; to: string },
): Promise<AttributionReport> {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const end = Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start)
    throw invalidRequest('from must not be after to.');
  if (end - start > MAX_RANGE_DAYS * DAY_MS)
    throw invalidRequest(`The range is at most ${MAX_RANGE_DAYS} days.`);

  const members = await db
    .select({
      id: customers.id,
      affiliateCode: customers.affiliateCode,
      referralCode: customers.referralCode,
      pixelTrack: customers.pixelTrack,
    })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        gte(customers.createdAt, new Date(start)),
        lt(customers.createdAt, new Date(end)),
      ),
    );

  const refs = members.map((member) => String(member.id));
  const events =
    refs.length === 0
      ? []
      : await db
          .select({ customerRef: marketingEvents.customerRef, name: marketingEvents.name })
          .from(marketingEvents)
          .where(and(eq(marketingEvents.merchantId, merchantId), inArray(marketingEvents.customerRef, refs)));
  const deposited = new Set(
    events.filter((event) => event.name === 'firstDepositArrival').map((event) => event.customerRef),
  );
  const eventCount = new Map<string, number>();
  for (const event of events) {
    if (event.customerRef) eventCount.set(event.customerRef, (eventCount.get(event.customerRef) ?? 0) + 1);
  }

  const byAffiliate = new Map<string, Tally>();
  const byCampaign = new Map<string, Tally>();
  const byReferral = new Map<string, Tally>();
  const totals: Tally = { registrations: 0, firstDeposits: 0, events: 0 };
  for (const member of members) {
    const ref = String(member.id);
    const add = (tally: Tally) => {
      tally.registrations += 1;
      if (deposited.has(ref)) tally.firstDeposits += 1;
      tally.events += eventCount.get(ref) ?? 0;
    };
    for (const [map, key] of [
      [byAffiliate, member.affiliateCode ?? ''],
      [byCampaign, campaignOf(member.pixelTrack)],
      [byReferral, member.referralCode ?? ''],
    ] as const) {
      const tally = map.get(key) ?? { registrations: 0, firstDeposits: 0, events: 0 };
      map.set(key, tally);
      add(tally);
    }
    add(totals);
  }
  const [flagged] = await db
    .select({ n: count() })
    .from(marketingEvents)
    .where(
      and(
        eq(marketingEvents.merchantId, merchantId),
        eq(marketingEvents.name, 'firstDeposit'),
        isNotNull(marketingEvents.claimedCustomerRef),
        gte(marketingEvents.createdAt, new Date(start)),
        lt(marketingEvents.createdAt, new Date(end)),
      ),
    );
  return {
    from: range.from,
    to: range.to,
    flaggedFirstDeposits: flagged?.n ?? 0,
    byAffiliate: rows(byAffiliate),
    byCampaign: rows(byCampaign),
    byReferralCode: rows(byReferral),
    totals,
  };
}
