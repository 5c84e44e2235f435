import { DEMO_TERMS_VERSION } from '../members.js';
import { eq, sql } from 'drizzle-orm';
import type { JurisdictionRules, LegalKind } from '@wps/contract/trust';
import type { Db } from '../../db/client.js';
import { jurisdictionProfiles, legalDocuments, merchants } from '../../db/schema/index.js';
import { arabicTexts } from './ar.js';
import { englishTexts } from './en.js';
import type { LegalFacts, LegalTexts } from './facts.js';
import { vietnameseTexts } from './vi.js';

export { englishTexts } from './en.js';

const WRITERS: Readonly<Record<string, (facts: LegalFacts) => LegalTexts>> = {
  EN: englishTexts,
  VI: vietnameseTexts,
  AR: arabicTexts,
};

interface LicenceSeed {
  /** The regulator's name per language of the pages (EN is also the footer's). */
  authority: Readonly<Record<string, string>>;
  number: string;
}

/**
 * The demo merchants' licences, in the style of their jurisdiction profiles (aurora PAGCOR-like,
 * lotus MGA-like, orbit Curaçao-like), and the languages their pages are written in: EN for all,
 * plus the default language where it is not EN.
 */
export const DEMO_LICENCES: Readonly<Record<string, LicenceSeed>> = {
  aurora: {
    authority: { EN: 'Philippine Amusement and Gaming Corporation (PAGCOR)' },
    number: 'PGC-OGL-2026-0142',
  },
  lotus: {
    authority: { EN: 'Malta Gaming Authority', VI: 'Cơ quan Quản lý Trò chơi Malta (MGA)' },
    number: 'MGA/B2C/417/2026',
  },
  orbit: {
    authority: { EN: 'Curaçao Gaming Authority', AR: 'هيئة كوراساو للألعاب (Curaçao Gaming Authority)' },
    number: 'OGL/2026/118/0093',
  },
};

/**
 * The demo merchants' legal pages (version 1 of each kind, in each of their languages) and their
 * licence in the public settings, written where missing: a restart adds what a new release brought
 * and never overwrites a page or licence staff have since edited.
 */
export async function seedLegalDocuments(db: Db): Promise<void> {
  for (const [code, licence] of Object.entries(DEMO_LICENCES)) {
    const [merchant] = await db
      .select({ id: merchants.id, name: merchants.name, rules: jurisdictionProfiles.rules })
      .from(merchants)
      .innerJoin(jurisdictionProfiles, eq(jurisdictionProfiles.id, merchants.jurisdictionProfileId))
      .where(eq(merchants.code, code));
    if (merchant === undefined) continue;
    await db
      .update(merchants)
      .set({
        publicSettings: sql`jsonb_set(${merchants.publicSettings}, '{licence}', ${JSON.stringify({
          authority: licence.authority.EN,
          number: licence.number,
        })}::jsonb)`,
      })
      .where(sql`${merchants.id} = ${merchant.id} AND ${merchants.publicSettings} -> 'licence' IS NULL`);
    await db
      .insert(legalDocuments)
      .values(legalRows(merchant.id, merchant.name, merchant.rules, licence))
      .onConflictDoNothing();
  }
}

function legalRows(merchantId: number, merchantName: string, rules: JurisdictionRules, licence: LicenceSeed) {
  return Object.entries(licence.authority).flatMap(([language, authority]) => {
    const write = WRITERS[language];
    if (write === undefined) throw new Error(`no legal texts in ${language}`);
    const texts = write({
      merchantName,
      authority,
      licenceNumber: licence.number,
      minAge: rules.minAge,
      helpLines: rules.helpLines,
    });
    return (Object.entries(texts) as [LegalKind, { title: string; body: string }][]).map(([kind, text]) => ({
      merchantId,
      kind,
      version: DEMO_TERMS_VERSION,
      language,
      title: text.title,
      body: text.body,
    }));
  });
}
