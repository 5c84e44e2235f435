import { sql } from 'drizzle-orm';
import type { LegalDocumentView, LegalKind } from '@wps/contract/trust';
import { ErrorCode } from '@wps/contract/errorCodes';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { DomainError } from '../errors.js';

interface LegalRow {
  version: number;
  language: string;
  title: string;
  body: string;
  published_at: Date | string;
}

/**
 * A merchant's legal pages (issue 29 item 2). The current version of a kind is its highest, whatever
 * its languages: a member must never be shown an older text because a translation lags behind, so the
 * language falls back (the request's, the merchant's default, EN, then any) and the version never does.
 */
export class LegalDocuments {
  constructor(private readonly db: SqlRunner) {}

  async current(
    merchantId: number,
    kind: LegalKind,
    language: string,
    defaultLanguage: string,
  ): Promise<LegalDocumentView> {
    // One query: the rows of the highest version, the best language first.
    const [row] = await rowsOf<LegalRow>(
      this.db,
      sql`SELECT version, language, title, body, created_at AS published_at FROM legal_documents
          WHERE merchant_id = ${merchantId} AND kind = ${kind}
            AND version = (SELECT max(version) FROM legal_documents WHERE merchant_id = ${merchantId} AND kind = ${kind})
          ORDER BY CASE language WHEN ${language} THEN 0 WHEN ${defaultLanguage} THEN 1 WHEN 'EN' THEN 2 ELSE 3 END,
                   language
          LIMIT 1`,
    );
    if (row === undefined) throw new DomainError(ErrorCode.NOT_FOUND, 'This page does not exist.');
    return {
      kind,
      version: row.version,
      language: row.language,
      title: row.title,
      body: row.body,
      publishedAt: new Date(row.published_at).toISOString(),
    };
  }
}
