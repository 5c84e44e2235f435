/**
 * TanStack Query keys of the staff app's server data, from one factory: a screen invalidates what a
 * call changed by its prefix (all of the audit after a limit, the queue after a decision).
 */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  withdrawals: () => [...staffKeys.all, 'withdrawals'] as const,
  adjustments: () => [...staffKeys.all, 'adjustments'] as const,
  search: (ref: string) => [...staffKeys.all, 'search', ref] as const,
  audit: () => [...staffKeys.all, 'audit'] as const,
  auditPage: (customerId: string, before: string | undefined) =>
    [...staffKeys.audit(), customerId, before ?? null] as const,
  /** The staff audit chain (its pages are one infinite query). */
  chain: () => [...staffKeys.all, 'chain'] as const,
  fcm: () => [...staffKeys.all, 'fcm'] as const,
  /** Staff and sessions: the caller's own and the merchant's staff. */
  staff: () => [...staffKeys.all, 'staff'] as const,
  sessions: () => [...staffKeys.staff(), 'sessions'] as const,
  team: () => [...staffKeys.staff(), 'team'] as const,
  merchants: () => [...staffKeys.all, 'merchants'] as const,
  merchant: (code: string) => [...staffKeys.merchants(), code] as const,
  promotions: () => [...staffKeys.all, 'promotions'] as const,
  promoCodes: () => [...staffKeys.all, 'promo-codes'] as const,
  legal: () => [...staffKeys.all, 'legal'] as const,
  links: () => [...staffKeys.all, 'links'] as const,
  report: (from: string, to: string) => [...staffKeys.all, 'report', from, to] as const,
  /** The Reports section's report (issue 30 item 10). */
  reports: (report: string, from: string, to: string, group: string) =>
    [...staffKeys.all, 'reports', report, from, to, group] as const,
  /** The Members section: a search page, and one member's detail with its tabs under it. */
  members: () => [...staffKeys.all, 'members'] as const,
  memberSearch: (q: string, agents: boolean, after: number | undefined) =>
    [...staffKeys.members(), 'search', q, agents, after ?? null] as const,
  member: (id: number) => [...staffKeys.members(), id] as const,
  memberPart: (id: number, part: string, page?: string | number) =>
    [...staffKeys.member(id), part, page ?? null] as const,
  /** The lobby's content (issue 30 item 5): banners, marquee lines, popup pages and options. */
  content: () => [...staffKeys.all, 'content'] as const,
  banners: () => [...staffKeys.content(), 'banners'] as const,
  bannerLinks: () => [...staffKeys.content(), 'banner-links'] as const,
  announcements: (type: string) => [...staffKeys.content(), 'announcements', type] as const,
  popupOptions: () => [...staffKeys.content(), 'popup-options'] as const,
  /** The Games section: one view, answered again by every save. */
  games: () => [...staffKeys.all, 'games'] as const,
};
