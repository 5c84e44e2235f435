import type { StaffPermission } from '@wps/contract/staff';
import type { TextKey } from '@/i18n/t';
import { STAFF_PATHS, SUPPORT_DESK_PATH } from './router';

export interface Section {
  label: TextKey;
  href: string;
  /** Shown when the staff member has any of these (cosmetic: the server decides every call). */
  anyOf: readonly StaffPermission[];
  /** A page of its own (full load), not one of this app's screens. */
  external?: true;
  /** Never opened by itself as the home (every role has it: the home still shows the role's work). */
  notHome?: true;
}

export const SECTIONS: readonly Section[] = [
  { label: 'nav_support', href: SUPPORT_DESK_PATH, anyOf: ['chat:read'], external: true },
  { label: 'nav_push', href: STAFF_PATHS.push, anyOf: ['push:send', 'push:report', 'push:configure'] },
  {
    label: 'nav_cashier',
    href: STAFF_PATHS.cashier,
    anyOf: ['cashier:review', 'cashier:adjust', 'cashier:approve'],
  },
  { label: 'nav_compliance', href: STAFF_PATHS.compliance, anyOf: ['compliance:read', 'compliance:act'] },
  { label: 'nav_audit', href: STAFF_PATHS.audit, anyOf: ['audit:read'] },
  // Every staff member sees their own sessions; staff:manage adds the merchant's staff.
  { label: 'nav_staff', href: STAFF_PATHS.staff, anyOf: ['console:open', 'staff:manage'], notHome: true },
  { label: 'nav_merchants', href: STAFF_PATHS.merchants, anyOf: ['merchant:read', 'merchant:create'] },
  { label: 'nav_theme', href: STAFF_PATHS.theme, anyOf: ['merchant:write'] },
  { label: 'nav_reports', href: STAFF_PATHS.reports, anyOf: ['report:read'] },
  { label: 'nav_promotions', href: STAFF_PATHS.promotions, anyOf: ['content:read', 'content:write'] },
  { label: 'nav_legal', href: STAFF_PATHS.legal, anyOf: ['content:read', 'content:write'] },
  { label: 'nav_links', href: STAFF_PATHS.links, anyOf: ['content:read', 'content:write'] },
  { label: 'nav_members', href: STAFF_PATHS.members, anyOf: ['member:read'] },
  { label: 'nav_content', href: STAFF_PATHS.content, anyOf: ['content:read', 'content:write'] },
  { label: 'nav_games', href: STAFF_PATHS.games, anyOf: ['games:read', 'games:write'] },
];

export const allows = (permissions: readonly StaffPermission[], section: Section): boolean =>
  section.anyOf.some((permission) => permissions.includes(permission));

/** The sections a staff member's permissions show, in the navigation's order. */
export const visibleSections = (permissions: readonly StaffPermission[]): Section[] =>
  SECTIONS.filter((section) => allows(permissions, section));
