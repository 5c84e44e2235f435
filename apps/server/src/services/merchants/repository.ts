import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { AvailablePromotion } from '@wps/contract/referral';
import type { Country, MobileTemplate } from '@wps/contract/system';
import type { LanguageCode } from '@wps/contract/languages';
import type { WhitelabelFlag } from '@wps/contract/flags';
import type { Db } from '../../db/client.js';
import type { MerchantPublicSettings } from '../../db/json-types.js';
import { countries, merchantCountries, merchantDomains, merchants } from '../../db/schema/index.js';
import { RegionRule } from '../../lib/ip-rules.js';

/** A merchant as the request handlers see it: public fields only, the region rule compiled. */
export interface Merchant {
  id: number;
  code: string;
  name: string;
  defaultLanguage: LanguageCode;
  languages: LanguageCode[];
  currency: string;
  currencySymbol: string;
  currencyPosition: 'before' | 'after';
  countryCode: string;
  flags: Partial<Record<WhitelabelFlag, boolean>>;
  template: MobileTemplate;
  settings: MerchantPublicSettings;
  maintenanceStart: Date | null;
  maintenanceEnd: Date | null;
  region: RegionRule;
  mainHost: string;
  /** Login sessions answer token_ip_different from another ip. */
  sessionIpBinding: boolean;
  /** The promotion programs the backend runs (REFERRAL, APP_DOWNLOAD; issue 15). */
  promotionPrograms: AvailablePromotion[];
}

/** Whether the merchant turned a whitelabel module on (an unset flag is off). */
export function flagOn(merchant: Merchant, flag: WhitelabelFlag): boolean {
  return merchant.flags[flag] === true;
}

// Every column but the secrets, so no query here can ever carry them into an answer.
const { secrets: _secrets, ...publicColumns } = getTableColumns(merchants);

type PublicRow = Omit<typeof merchants.$inferSelect, 'secrets'>;

function toMerchant(row: PublicRow): Merchant {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    defaultLanguage: row.defaultLanguage,
    languages: row.languages,
    currency: row.currency,
    currencySymbol: row.currencySymbol,
    currencyPosition: row.currencyPosition,
    countryCode: row.countryCode,
    flags: row.flags,
    template: row.template,
    settings: row.publicSettings,
    maintenanceStart: row.maintenanceStart,
    maintenanceEnd: row.maintenanceEnd,
    region: new RegionRule(row.regionBlockedCidrs, row.regionAllowedCidrs),
    mainHost: row.mainHost,
    sessionIpBinding: row.sessionIpBinding,
    promotionPrograms: row.promotionPrograms,
  };
}

export async function findMerchantByCode(db: Db, code: string): Promise<Merchant | null> {
  const [row] = await db.select(publicColumns).from(merchants).where(eq(merchants.code, code)).limit(1);
  return row === undefined ? null : toMerchant(row);
}

export async function findMerchantCodeByDomain(db: Db, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ code: merchants.code })
    .from(merchantDomains)
    .innerJoin(merchants, eq(merchants.id, merchantDomains.merchantId))
    .where(eq(merchantDomains.domain, domain))
    .limit(1);
  return row?.code ?? null;
}

export async function listMerchantCountries(db: Db, merchantId: number): Promise<Country[]> {
  return db
    .select({ code: countries.code, name: countries.name, dialingCode: countries.dialingCode })
    .from(merchantCountries)
    .innerJoin(countries, eq(countries.code, merchantCountries.countryCode))
    .where(eq(merchantCountries.merchantId, merchantId))
    .orderBy(asc(merchantCountries.position), asc(countries.code));
}

export async function findCountry(db: Db, code: string): Promise<Country | null> {
  const [row] = await db
    .select({ code: countries.code, name: countries.name, dialingCode: countries.dialingCode })
    .from(countries)
    .where(eq(countries.code, code))
    .limit(1);
  return row ?? null;
}

export async function listListedDomains(db: Db, merchantId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: merchantDomains.domain })
    .from(merchantDomains)
    .where(and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.listed, true)))
    .orderBy(asc(merchantDomains.id));
  return rows.map((row) => row.domain);
}
