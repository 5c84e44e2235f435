import type { LegalDocumentView, LegalKind } from '@wps/contract/trust';
import { withClient } from '@/api/client';

/**
 * GET /wps/legal/:kind (issue 29): a legal page in the interface language, or the merchant's closest.
 * The kind goes into the path from the contract's table (the member client's `call` fills no path
 * parameters); the screen shows its own not-found and failed states.
 */
export function fetchLegalDocument(kind: LegalKind): Promise<LegalDocumentView> {
  return withClient(
    ({ endpoints }, wps) =>
      wps.get<LegalDocumentView>(endpoints.legalDocument.path.replace(':kind', encodeURIComponent(kind)), {
        handleErrors: false,
      }),
    { handleErrors: false },
  );
}
