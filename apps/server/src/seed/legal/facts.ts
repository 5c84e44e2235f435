import type { HelpLine, LegalKind } from '@wps/contract/trust';

/** What a demo merchant's legal pages name: the merchant, its licence and its profile's rules. */
export interface LegalFacts {
  merchantName: string;
  authority: string;
  licenceNumber: string;
  minAge: number;
  helpLines: readonly HelpLine[];
}

export type LegalTexts = Record<LegalKind, { title: string; body: string }>;

/** A help line as one list line of the responsible-gaming page (plain text; the app links the address). */
export function helpLineText(line: HelpLine): string {
  return `- ${line.name}: ${line.url}${line.phone === undefined ? '' : ` (${line.phone})`}`;
}
