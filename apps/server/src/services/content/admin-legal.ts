import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LanguageCode } from '@wps/contract/languages';
import {
  OffersAdminErrorCode,
  type StaffLegalPage,
  type StaffLegalPages,
  type StaffLegalVersion,
} from '@wps/contract/offersAdmin';
import type { StaffActor } from '@wps/contract/staff';
import { LEGAL_KINDS } from '@wps/contract/trust';
import { and, desc, eq, max } from 'drizzle-orm';
import { legalDocuments } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { checkTexts, merchantLanguages, isUniqueViolation, type OffersDeps } from './admin-common.js';
import { auditStaffChange } from '../staff/audit-context.js';

/**
 * The back office's legal pages (issue 30 item 5). A page is published as a new version with its
 * texts per language; a published version is never edited (the table refuses updates, migration
 * offers_admin), since it is what members read and accepted. The current version is the highest:
 * publishing the terms makes every member accept again (services/trust/terms.ts compares the
 * member's accepted version with it).
 */

export async function listLegalPages(deps: OffersDeps, actor: StaffActor): Promise<StaffLegalPages> {
  const languages = await merchantLanguages(deps.db, actor.merchantId);
  const rows = await deps.db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.merchantId, actor.merchantId))
    .orderBy(desc(legalDocuments.version), legalDocuments.language);
  const pages: StaffLegalPage[] = LEGAL_KINDS.map((kind) => {
    const versions = new Map<number, StaffLegalVersion>();
    for (const row of rows) {
      if (row.kind !== kind) continue;
      const version = versions.get(row.version) ?? {
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        texts: {},
      };
      version.texts[row.language as LanguageCode] = { title: row.title, body: row.body };
      versions.set(row.version, version);
    }
    const list = [...versions.values()];
    return { kind, current: list[0]?.version ?? null, versions: list };
  });
  return { ...languages, pages };
}

const stale = () =>
  new DomainError(
    OffersAdminErrorCode.LEGAL_VERSION_STALE,
    'A newer version was published meanwhile: open it and publish again.',
  );

/**
 * Publishes the next version of `kind`. `basedOn` is the version the editor showed: when another was
 * published meanwhile (or two publish at once: the primary key decides), refused, never merged.
 */
export async function publishLegal(
  deps: OffersDeps,
  actor: StaffActor,
  input: EndpointParsed<'staffLegalPublish'>,
): Promise<StaffLegalPages> {
  const merchantId = actor.merchantId;
  const texts = checkTexts(input.texts, await merchantLanguages(deps.db, merchantId));
  const where = and(eq(legalDocuments.merchantId, merchantId), eq(legalDocuments.kind, input.kind));
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ current: max(legalDocuments.version) })
        .from(legalDocuments)
        .where(where);
      const current = row?.current ?? 0;
      if (current !== input.basedOn) throw stale();
      const publishedAt = new Date(deps.now());
      await tx.insert(legalDocuments).values(
        texts.map(([language, text]) => ({
          merchantId,
          kind: input.kind,
          version: current + 1,
          language,
          title: text.title,
          body: text.body,
          publishedAt,
        })),
      );
      await auditStaffChange(tx, {
        before: { kind: input.kind, version: current },
        after: { kind: input.kind, version: current + 1, texts },
      });
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isUniqueViolation(error)) throw stale();
    throw error;
  }
  // The settings carry the terms version a registration accepts: every instance reads it again.
  await deps.changes.announce(merchantId);
  return listLegalPages(deps, actor);
}
