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
  report: (from: string, to: string) => [...staffKeys.all, 'report', from, to] as const,
  /** The Games section: one view, answered again by every save. */
  games: () => [...staffKeys.all, 'games'] as const,
};
