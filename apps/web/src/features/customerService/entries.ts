import {
  selectCustomerService,
  type CheckedCustomerServiceEntry,
  type CsPosition,
} from '@wps/contract/customerService';
import { useMemberInfo } from '@/features/member';
import { useHydrated } from '@/state/hydration';
import { useSettings } from '@/state/settings';

/**
 * The merchant's customer-service entry for this member at a position (spec sections 4 and 6): the
 * entries of the member's VIP label, else those without a label; every link checked again here.
 * Until the page has hydrated the member is not known (the server rendered a visitor's).
 */
export function useCustomerServiceEntry(position: CsPosition): CheckedCustomerServiceEntry | null {
  const settings = useSettings();
  const info = useMemberInfo();
  const hydrated = useHydrated();
  const label = hydrated ? (info?.clubLabel?.labelId ?? null) : null;
  return selectCustomerService(settings?.customerService, label, position)[0] ?? null;
}
