import { AppPath } from '@wps/contract/routes';
import { REFERRAL_PAGE_SIZE, type SubAccount } from '@wps/contract/referral';
import { fetchAgentInfo, fetchSubAccounts } from '@/api/endpoints/referral';
import { usePagedQuery } from '@/queries/usePagedQuery';
import { useQuery } from '@/queries/useQuery';

/** The agent's downline code and count; `version` reloads it after a sub-member is created. */
export function useAgentInfo(enabled: boolean, version: number) {
  return useQuery(enabled ? { key: ['agentInfo', version], load: fetchAgentInfo, member: true } : null);
}

/** The agent's sub-accounts, newest first, page by page; a new `version` starts again at page 1. */
export function useSubAccounts(enabled: boolean, version: number) {
  return usePagedQuery<SubAccount>(
    enabled
      ? {
          key: ['agentSubAccounts', REFERRAL_PAGE_SIZE, version],
          member: true,
          loadPage: (page) => fetchSubAccounts(page, REFERRAL_PAGE_SIZE),
          itemKey: (sub) => sub.id,
        }
      : null,
  );
}

/** The downline registration link of an agent's code (`r`, read on arrival as spec section 2 says). */
export function downlineLink(code: string, origin: string): string {
  return `${origin}${AppPath.register}?r=${encodeURIComponent(code)}`;
}
