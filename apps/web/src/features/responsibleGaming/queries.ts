import type { ResponsibleGamingStatus } from '@wps/contract/trust';
import { fetchRgStatus } from '@/api/endpoints/trust';
import type { QuerySpec } from '@/queries/store';

/** Keys of responsible gaming's queries, one factory so the screen and its changes agree. */
export const rgKeys = {
  status: () => ['rgStatus'] as const,
};

/**
 * The member's limits, parked changes, reality check and the profile's options: loaded when the
 * screen shows them; each change answers the whole status, which replaces it (setQueryData).
 */
export const rgStatusQuery: QuerySpec<ResponsibleGamingStatus> = {
  key: rgKeys.status(),
  load: () => fetchRgStatus(),
  member: true,
};
