import type { MemberSession } from '@wps/contract/memberArea';
import { fetchSessions } from '@/api/endpoints/memberArea';
import type { QuerySpec } from '@/queries/store';

/** The member's live sessions (a member query). */
export const sessionsQuery: QuerySpec<MemberSession[]> = {
  key: ['memberSessions'],
  load: fetchSessions,
  member: true,
};
