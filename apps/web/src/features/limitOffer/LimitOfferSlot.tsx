import { lazy, Suspense } from 'react';
import { memberInfoQuery } from '@/features/member';
import { useQuery } from '@/queries/useQuery';

const LimitOfferCard = lazy(() => import('./LimitOfferCard'));

/**
 * Where the offer to set a deposit limit may appear (issue 29 item 1): the lobby and the member home
 * show an offer due `now` (the merchant's profile makes it at registration, and registration lands on
 * the lobby); the deposit page shows it either way (`at_deposit`: before the first deposit). Nothing
 * for a visitor, or once the member answered; the card's code loads only when it shows.
 */
export default function LimitOfferSlot({ where }: { where: 'lobby' | 'member' | 'deposit' }) {
  const offer = useQuery(memberInfoQuery).data?.limitOffer ?? null;
  if (offer === null || (offer === 'at_deposit' && where !== 'deposit')) return null;
  return (
    <Suspense fallback={null}>
      <LimitOfferCard />
    </Suspense>
  );
}
