import type { LegalKind } from '@wps/contract/trust';
import type { MessageKey } from '@/i18n';

/** Each legal page's name in the interface (the footer's links, the screen's title while it loads). */
export const LEGAL_TITLES: Readonly<Record<LegalKind, MessageKey>> = {
  terms: 'legal_terms',
  privacy: 'legal_privacy',
  'responsible-gaming': 'legal_responsible_gaming',
  licence: 'legal_licence',
  cookies: 'legal_cookies',
};
