import type { StaffMerchantSavePayload, StaffThemeSavePayload } from '@wps/contract/schemas/merchantAdmin';
import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import type { StaffActor } from '@wps/contract/staff';
import type { LanguageCode } from '@wps/contract/languages';
import type { MobileTemplate } from '@wps/contract/system';
import { and, eq } from 'drizzle-orm';
import {
  jurisdictionProfiles,
  merchantCountries,
  merchantDomains,
  merchantIdentityProviders,
  merchants,
  paymentProviders,
} from '../../db/schema/index.js';
import type { MerchantPublicSettings } from '../../db/json-types.js';
import { invalidRequest } from '../errors.js';
import { auditStaffChange } from '../staff/audit-context.js';
import { providerSecretsAad } from '../wallet/index.js';
import {
  merchantView,
  ownMerchantId,
  requireCountries,
  requireDomainsFree,
  requireReadableTheme,
  type MerchantAdminDeps,
} from './admin.js';
import { sealMerchantSecret } from './secrets.js';

type Tx = Parameters<Parameters<MerchantAdminDeps['db']['transaction']>[0]>[0];
type Row = typeof merchants.$inferSelect;

/** The public settings with the provider section of the save laid over them. */
function withProviders(
  settings: MerchantPublicSettings,
  providers: NonNullable<StaffMerchantSavePayload['providers']>,
) {
  const { adPixels, customerServiceScript } = providers;
  return {
    ...settings,
    gw: {
      ...settings.gw,
      GEETEST_ID: providers.geetestId,
      GEETEST_VERSION: providers.geetestVersion,
      LINE_CLIENT_ID: providers.lineClientId,
      VOLUUM_DOMAIN: providers.voluumDomain,
    },
    smsProvider: { ...providers.smsProvider, ...(settings.smsProvider.standIn ? { standIn: true } : {}) },
    telegramSetting: providers.telegramSetting,
    customerServiceScript,
    ...(Object.keys(adPixels).length === 0 ? { adPixels: undefined } : { adPixels }),
  } satisfies MerchantPublicSettings;
}

/** The secrets after the save: given values sealed, empty ones removed, the rest kept as stored. */
function withSecrets(
  deps: MerchantAdminDeps,
  merchantId: number,
  stored: Record<string, string>,
  changes: Partial<Record<string, string>>,
): Record<string, string> {
  const next = new Map(Object.entries(stored));
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === '') next.delete(name);
    else next.set(name, sealMerchantSecret(deps.kek, merchantId, name, value));
  }
  return Object.fromEntries(next);
}

/** The merchant columns the save changes, checked against each other and the stored row. */
async function merchantColumns(
  deps: MerchantAdminDeps,
  tx: Tx,
  row: Row,
  input: StaffMerchantSavePayload,
): Promise<Partial<typeof merchants.$inferInsert>> {
  const languages = (input.languages ?? row.languages) as LanguageCode[];
  const defaultLanguage = (input.defaultLanguage ?? row.defaultLanguage) as LanguageCode;
  if (!languages.includes(defaultLanguage)) throw invalidRequest('The default language must be offered.');
  if (input.countryCode !== undefined) await requireCountries(tx, [input.countryCode]);
  if (input.jurisdictionProfileId !== undefined) {
    const [profile] = await tx
      .select({ id: jurisdictionProfiles.id })
      .from(jurisdictionProfiles)
      .where(eq(jurisdictionProfiles.id, input.jurisdictionProfileId));
    if (profile === undefined) throw invalidRequest('Unknown jurisdiction profile.');
  }
  return {
    ...(input.name === undefined ? {} : { name: input.name }),
    languages: [...new Set(languages)],
    defaultLanguage,
    ...(input.currency === undefined ? {} : { currency: input.currency }),
    ...(input.currencySymbol === undefined ? {} : { currencySymbol: input.currencySymbol }),
    ...(input.currencyPosition === undefined ? {} : { currencyPosition: input.currencyPosition }),
    ...(input.countryCode === undefined ? {} : { countryCode: input.countryCode }),
    ...(input.jurisdictionProfileId === undefined
      ? {}
      : { jurisdictionProfileId: input.jurisdictionProfileId }),
    ...(input.mainHost === undefined ? {} : { mainHost: input.mainHost }),
    ...(input.maintenance === undefined
      ? {}
      : {
          maintenanceStart: input.maintenance.start === null ? null : new Date(input.maintenance.start),
          maintenanceEnd: input.maintenance.end === null ? null : new Date(input.maintenance.end),
        }),
    ...(input.region === undefined
      ? {}
      : { regionBlockedCidrs: input.region.blocked, regionAllowedCidrs: input.region.allowed }),
    ...(input.flags === undefined ? {} : { flags: input.flags }),
    ...(input.providers === undefined
      ? {}
      : { publicSettings: withProviders(row.publicSettings, input.providers) }),
    ...(input.secrets === undefined
      ? {}
      : { secrets: withSecrets(deps, row.id, row.secrets, input.secrets) }),
    updatedAt: new Date(),
  };
}

async function saveDomains(
  tx: Tx,
  merchantId: number,
  domains: NonNullable<StaffMerchantSavePayload['domains']>,
) {
  const names = domains.map((entry) => entry.domain);
  if (new Set(names).size !== names.length) throw invalidRequest('A domain is listed twice.');
  await requireDomainsFree(tx, names, merchantId);
  await tx.delete(merchantDomains).where(eq(merchantDomains.merchantId, merchantId));
  await tx.insert(merchantDomains).values(domains.map((entry) => ({ ...entry, merchantId })));
}

async function saveCountries(tx: Tx, merchantId: number, codes: readonly string[]) {
  await requireCountries(tx, codes);
  await tx.delete(merchantCountries).where(eq(merchantCountries.merchantId, merchantId));
  const unique = [...new Set(codes)];
  if (unique.length > 0) {
    await tx
      .insert(merchantCountries)
      .values(unique.map((countryCode, position) => ({ merchantId, countryCode, position })));
  }
}

/** Each provider's row: public settings replaced, secrets set or cleared by name, the others kept. */
async function saveIdentityProviders(
  tx: Tx,
  merchantId: number,
  providers: NonNullable<StaffMerchantSavePayload['identityProviders']>,
) {
  for (const entry of providers) {
    const [stored] = await tx
      .select({ secretConfig: merchantIdentityProviders.secretConfig })
      .from(merchantIdentityProviders)
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, merchantId),
          eq(merchantIdentityProviders.provider, entry.provider),
        ),
      );
    const secrets = new Map(Object.entries(stored?.secretConfig ?? {}));
    for (const [name, value] of Object.entries(entry.secrets ?? {})) {
      // The sign-in services read these as they are stored (services/identity/providers).
      if (value === '') secrets.delete(name);
      else secrets.set(name, value);
    }
    const secretConfig = Object.fromEntries(secrets);
    const values = {
      enabled: entry.enabled,
      publicConfig: entry.publicConfig,
      secretConfig,
      updatedAt: new Date(),
    };
    await tx
      .insert(merchantIdentityProviders)
      .values({ merchantId, provider: entry.provider, ...values })
      .onConflictDoUpdate({
        target: [merchantIdentityProviders.merchantId, merchantIdentityProviders.provider],
        set: values,
      });
  }
}

/** Existing payment providers only (an adapter is code): address, switch, and sealed secrets. */
async function savePaymentProviders(
  deps: MerchantAdminDeps,
  tx: Tx,
  merchantId: number,
  providers: NonNullable<StaffMerchantSavePayload['paymentProviders']>,
) {
  for (const entry of providers) {
    let secretsSealed: string | undefined;
    if (entry.secrets !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(entry.secrets);
      } catch {
        parsed = null;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw invalidRequest("A payment provider's secrets are a JSON object.");
      }
      secretsSealed = deps.kek.seal(
        Buffer.from(JSON.stringify(parsed)),
        providerSecretsAad(merchantId, entry.provider),
      );
    }
    const updated = await tx
      .update(paymentProviders)
      .set({
        apiBase: entry.apiBase,
        enabled: entry.enabled,
        ...(secretsSealed === undefined ? {} : { secretsSealed }),
      })
      .where(and(eq(paymentProviders.merchantId, merchantId), eq(paymentProviders.provider, entry.provider)))
      .returning({ provider: paymentProviders.provider });
    if (updated.length === 0) throw invalidRequest(`Unknown payment provider ${entry.provider}.`);
  }
}

/** Saves the sections given, in one transaction; every instance drops its copy of the merchant. */
export async function saveMerchant(
  deps: MerchantAdminDeps,
  actor: StaffActor,
  input: StaffMerchantSavePayload,
): Promise<StaffMerchantView> {
  const merchantId = await deps.db.transaction(async (tx) => {
    const id = await ownMerchantId(tx, actor, input.code);
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
    if (row === undefined) throw invalidRequest('The merchant is gone.');
    const before = await merchantView(tx, id);
    await tx
      .update(merchants)
      .set(await merchantColumns(deps, tx, row, input))
      .where(eq(merchants.id, id));
    if (input.domains !== undefined) await saveDomains(tx, id, input.domains);
    if (input.countries !== undefined) await saveCountries(tx, id, input.countries);
    if (input.identityProviders !== undefined) await saveIdentityProviders(tx, id, input.identityProviders);
    if (input.paymentProviders !== undefined)
      await savePaymentProviders(deps, tx, id, input.paymentProviders);
    await auditStaffChange(tx, { before, after: await merchantView(tx, id) });
    return id;
  });
  await deps.changes.announce(merchantId);
  return merchantView(deps.db, merchantId);
}

/** Saves the mobile template; refused below WCAG AA (the staff app checks first, the server decides). */
export async function saveTheme(
  deps: MerchantAdminDeps,
  actor: StaffActor,
  input: StaffThemeSavePayload,
): Promise<StaffMerchantView> {
  const template: MobileTemplate = input.template;
  requireReadableTheme(template);
  const merchantId = await deps.db.transaction(async (tx) => {
    const id = await ownMerchantId(tx, actor, input.code);
    const [row] = await tx
      .select({ template: merchants.template })
      .from(merchants)
      .where(eq(merchants.id, id))
      .for('update');
    await tx.update(merchants).set({ template, updatedAt: new Date() }).where(eq(merchants.id, id));
    await auditStaffChange(tx, { before: row?.template ?? null, after: template });
    return id;
  });
  await deps.changes.announce(merchantId);
  return merchantView(deps.db, merchantId);
}
