import type { CustomerServiceEntry } from '@wps/contract';
import { useMemberInfo } from '@/features/auth/memberData';
import { contactLink } from '@/features/status/contactLink';
import { useSettings } from '@/state/settings';

/**
 * The customer-service link for the member (spec section 4): the entries of the member's VIP label
 * first, else those without a label; null when the merchant has no usable link.
 */
export function supportLinkFor(
  entries: readonly CustomerServiceEntry[] | undefined,
  labelId: string | null,
): string | null {
  const list = entries ?? [];
  const labelled = labelId === null ? [] : list.filter((entry) => entry.labelIds.includes(labelId));
  return contactLink(labelled) ?? contactLink(list.filter((entry) => entry.labelIds.length === 0));
}

export function useSupportLink(): string | null {
  const settings = useSettings();
  const info = useMemberInfo();
  return supportLinkFor(settings?.customerService, info?.clubLabel?.labelId ?? null);
}
