import { AppPath } from '@wps/contract/routes';
import {
  REFERRAL_PAGE_SIZE,
  type AvailablePromotion,
  type PromotionCode,
  type ReferredFriend,
} from '@wps/contract/referral';
import { fetchPromotions, fetchReferralFriends, fetchReferralInfo } from '@/api/endpoints/referral';
import { usePagedQuery } from '@/queries/usePagedQuery';
import { useQuery } from '@/queries/useQuery';

/** The promotions: the member's when logged in, else the public ones (spec section 6). */
export function usePromotions(member: boolean) {
  return useQuery<AvailablePromotion[]>({
    key: ['promotions', member ? 'member' : 'public'],
    load: () => fetchPromotions(member),
    member,
  });
}

export function promotionOf(
  list: readonly AvailablePromotion[] | undefined,
  code: PromotionCode,
): AvailablePromotion | undefined {
  return Array.isArray(list) ? list.find((item) => item.code === code) : undefined;
}

export function useReferralInfo(enabled: boolean) {
  return useQuery(enabled ? { key: ['referralInfo'], load: fetchReferralInfo, member: true } : null);
}

export function useReferralFriends(enabled: boolean) {
  return usePagedQuery<ReferredFriend>(
    enabled
      ? {
          key: ['referralFriends', REFERRAL_PAGE_SIZE],
          member: true,
          loadPage: (page) => fetchReferralFriends(page, REFERRAL_PAGE_SIZE),
          itemKey: (friend) => `${friend.registeredAt}|${friend.name}`,
        }
      : null,
  );
}

/** The registration link of a referral code on this site (`r`, read on arrival as spec section 2 says). */
export function referralLink(code: string, origin: string): string {
  return `${origin}${AppPath.register}?r=${encodeURIComponent(code)}`;
}
