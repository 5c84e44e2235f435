import { ErrorCode } from '@wps/contract/errorCodes';
import {
  MERCHANT_SECRET_NAMES,
  MerchantAdminErrorCode,
  themeContrastFailures,
} from '@wps/contract/merchantAdmin';
import type {
  IdentityProviderAdminName,
  MerchantSecretName,
  StaffMerchantSummary,
  StaffMerchantView,
} from '@wps/contract/merchantAdmin';
import type { StaffMerchantCreatePayload } from '@wps/contract/schemas/merchantAdmin';
import type { StaffActor } from '@wps/contract/staff';
import type { LanguageCode } from '@wps/contract/languages';
import type { MobileTemplate } from '@wps/contract/system';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  countries,
  jurisdictionProfiles,
  merchantCountries,
  merchantDomains,
  merchantIdentityProviders,
  merchants,
  paymentProviders,
} from '../../db/schema/index.js';
import type { MerchantPublicSettings } from '../../db/json-types.js';
import { DomainError, invalidRequest } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { auditStaffChange } from '../staff/audit-context.js';
import type { MerchantChanges } from './changes.js';
import { completeFlags, NO_SMS_PROVIDER } from './settings.js';
import { DEFAULT_THEME_COLORS } from './theme.js';

/** What the back office's merchant services need. */
export interface MerchantAdminDeps {
  db: Db;
  kek: KeyEncryptionKey;
  changes: MerchantChanges;
}

type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

// Every column but the secrets: the view names which are set from their keys alone.
const { secrets: _secrets, ...viewColumns } = getTableColumns(merchants);

/** Another merchant's code answers as an unknown one does: a staff member learns nothing of it. */
function notFound(): DomainError {
  return new DomainError(ErrorCode.MERCHANT_NOT_FOUND, 'No such merchant.');
}

/** The id of the merchant `code` names, when the staff member works for it; 404 otherwise. */
export async function ownMerchantId(db: Runner, actor: StaffActor, code: string): Promise<number> {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.code, code))
    .limit(1);
  if (row === undefined || row.id !== actor.merchantId) throw notFound();
  return row.id;
}

/** The merchants the staff member may edit: their own (a platform operator's list comes with item 2). */
export async function listStaffMerchants(db: Db, actor: StaffActor): Promise<StaffMerchantSummary[]> {
  return db
    .select({ code: merchants.code, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, actor.merchantId));
}

/**
 * The names of the secrets a jsonb object holds with a value, computed by the database: the values
 * never reach this process on a read.
 */
function namesOf(column: AnyPgColumn) {
  return sql<
    string[]
  >`coalesce((SELECT jsonb_agg(e.key ORDER BY e.key) FROM jsonb_each_text(${column}) AS e WHERE e.value <> ''), '[]'::jsonb)`;
}

/** Only text and yes/no values are public settings a form shows. */
function plainConfig(config: Record<string, unknown>): Record<string, string | boolean> {
  return Object.fromEntries(
    Object.entries(config).filter(
      (entry): entry is [string, string | boolean] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'boolean',
    ),
  );
}

export async function merchantView(db: Runner, merchantId: number): Promise<StaffMerchantView> {
  const [row] = await db
    .select({ ...viewColumns, secretNames: namesOf(merchants.secrets) })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (row === undefined) throw notFound();
  const [domains, served, profiles, identity, payments] = await Promise.all([
    db
      .select({ domain: merchantDomains.domain, listed: merchantDomains.listed })
      .from(merchantDomains)
      .where(eq(merchantDomains.merchantId, merchantId))
      .orderBy(asc(merchantDomains.id)),
    db
      .select({ code: merchantCountries.countryCode })
      .from(merchantCountries)
      .where(eq(merchantCountries.merchantId, merchantId))
      .orderBy(asc(merchantCountries.position), asc(merchantCountries.countryCode)),
    db
      .select({ id: jurisdictionProfiles.id, name: jurisdictionProfiles.name })
      .from(jurisdictionProfiles)
      .orderBy(asc(jurisdictionProfiles.id)),
    db
      .select({
        provider: merchantIdentityProviders.provider,
        enabled: merchantIdentityProviders.enabled,
        publicConfig: merchantIdentityProviders.publicConfig,
        secretNames: namesOf(merchantIdentityProviders.secretConfig),
      })
      .from(merchantIdentityProviders)
      .where(eq(merchantIdentityProviders.merchantId, merchantId))
      .orderBy(asc(merchantIdentityProviders.provider)),
    db
      .select({
        provider: paymentProviders.provider,
        apiBase: paymentProviders.apiBase,
        enabled: paymentProviders.enabled,
      })
      .from(paymentProviders)
      .where(eq(paymentProviders.merchantId, merchantId))
      .orderBy(asc(paymentProviders.provider)),
  ]);
  const settings = row.publicSettings;
  const set = new Set(row.secretNames);
  return {
    code: row.code,
    name: row.name,
    defaultLanguage: row.defaultLanguage,
    languages: row.languages,
    currency: row.currency,
    currencySymbol: row.currencySymbol,
    currencyPosition: row.currencyPosition,
    countryCode: row.countryCode,
    countries: served.map((country) => country.code),
    jurisdictionProfileId: row.jurisdictionProfileId,
    jurisdictionProfiles: profiles,
    domains,
    mainHost: row.mainHost,
    maintenanceStart: row.maintenanceStart?.toISOString() ?? null,
    maintenanceEnd: row.maintenanceEnd?.toISOString() ?? null,
    regionBlockedCidrs: row.regionBlockedCidrs,
    regionAllowedCidrs: row.regionAllowedCidrs,
    flags: completeFlags(row.flags),
    providers: {
      geetestId: settings.gw.GEETEST_ID ?? null,
      geetestVersion: settings.gw.GEETEST_VERSION ?? 'v3',
      lineClientId: settings.gw.LINE_CLIENT_ID ?? null,
      voluumDomain: settings.gw.VOLUUM_DOMAIN ?? null,
      smsProvider: settings.smsProvider,
      telegramSetting: settings.telegramSetting,
      customerServiceScript: settings.customerServiceScript ?? null,
      adPixels: settings.adPixels ?? {},
    },
    secretsSet: MERCHANT_SECRET_NAMES.filter((name): name is MerchantSecretName => set.has(name)),
    identityProviders: identity.map((provider) => ({
      provider: provider.provider as IdentityProviderAdminName,
      enabled: provider.enabled,
      publicConfig: plainConfig(provider.publicConfig),
      secretsSet: provider.secretNames,
    })),
    paymentProviders: payments,
    template: row.template,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses a theme whose text would be hard to read (WCAG AA); the staff app checks first, the server decides. */
export function requireReadableTheme(template: MobileTemplate): void {
  const failures = themeContrastFailures(template.colors);
  if (failures.length > 0) {
    const pairs = failures.map((f) => `${f.text} on ${f.under} ${f.ratio}:1`).join(', ');
    throw new DomainError(
      MerchantAdminErrorCode.CONTRAST_LOW,
      `Text would be hard to read: ${pairs} (at least 4.5:1).`,
      { failures },
    );
  }
}

/** A new merchant's public settings: nothing configured, every module off. */
function newPublicSettings(): MerchantPublicSettings {
  return {
    description: null,
    gw: {},
    smsProvider: { ...NO_SMS_PROVIDER },
    resources: [],
    customerService: [],
    promotions: { APP_DOWNLOAD: { enabled: false }, REFERRAL: { enabled: false } },
    promoCodeEnable: false,
    telegramSetting: null,
    imageCDNs: [],
    gameVendor: { mapping: {}, sorting: [], vendorSorting: {}, display: {}, ordinal: {}, allVendors: [] },
  };
}

/** Refuses a domain another merchant holds (or, for a new merchant, any merchant). */
export async function requireDomainsFree(db: Runner, domains: readonly string[], merchantId: number | null) {
  for (const domain of domains) {
    const [holder] = await db
      .select({ merchantId: merchantDomains.merchantId })
      .from(merchantDomains)
      .where(eq(merchantDomains.domain, domain))
      .limit(1);
    if (holder !== undefined && holder.merchantId !== merchantId) {
      throw new DomainError(
        MerchantAdminErrorCode.DOMAIN_TAKEN,
        `The domain ${domain} is another merchant's.`,
      );
    }
  }
}

export async function requireCountries(db: Runner, codes: readonly string[]): Promise<void> {
  for (const code of new Set(codes)) {
    const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
    if (row === undefined) throw invalidRequest(`Unknown country ${code}.`);
  }
}

/** A merchant with its first domain, a default theme and every flag off; told to every instance. */
export async function createMerchant(
  deps: MerchantAdminDeps,
  input: StaffMerchantCreatePayload,
): Promise<StaffMerchantView> {
  if (input.template !== undefined) requireReadableTheme(input.template);
  const id = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, input.code));
    if (taken !== undefined) {
      throw new DomainError(MerchantAdminErrorCode.CODE_TAKEN, `The code ${input.code} is taken.`);
    }
    await requireDomainsFree(tx, [input.domain], null);
    await requireCountries(tx, [input.countryCode]);
    const language = input.defaultLanguage as LanguageCode;
    const [row] = await tx
      .insert(merchants)
      .values({
        code: input.code,
        name: input.name,
        defaultLanguage: language,
        languages: [language],
        currency: input.currency,
        currencySymbol: input.currencySymbol,
        currencyPosition: 'before',
        countryCode: input.countryCode,
        template: input.template ?? {
          h5_logo: null,
          app_background: null,
          app_desc: null,
          app_desc_font_color: null,
          login_prompt_text: null,
          favicon: null,
          splash: null,
          pwa: true,
          desktop_app_feature: false,
          apple_touch_icon: null,
          colors: DEFAULT_THEME_COLORS,
        },
        publicSettings: newPublicSettings(),
        mainHost: input.domain,
      })
      .returning({ id: merchants.id });
    if (row === undefined) throw new Error('the merchant was not inserted');
    await tx.insert(merchantDomains).values({ domain: input.domain, merchantId: row.id, listed: true });
    await tx.insert(merchantCountries).values({ merchantId: row.id, countryCode: input.countryCode });
    await auditStaffChange(tx, { before: null, after: await merchantView(tx, row.id) });
    return row.id;
  });
  await deps.changes.announce(id);
  return merchantView(deps.db, id);
}
