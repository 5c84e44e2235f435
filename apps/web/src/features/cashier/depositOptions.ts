import type { DepositOptions, DepositView } from '@wps/contract/cashier';
import { fetchDepositOptions } from '@/api/endpoints/wallet';
import { mirrorMovement, trackEvent } from '@/features/tracking';
import { type QuerySpec } from '@/queries/store';
import { getQueryData } from '@/queries/queryData';

/**
 * The deposit settings of spec section 4 (methods, limits, bonus offers) with the member's
 * `totalDepositSuccessCount` (section 3): loaded when a token appears (session/tokenEffects.ts), gone
 * with it like every member query, and loaded again whenever the deposit page shows them (the day's
 * room left changes).
 */
export const depositOptionsQuery: QuerySpec<DepositOptions> = {
  key: ['depositOptions'],
  load: () => fetchDepositOptions(),
  keep: true,
  member: true,
};

/** The member's successful deposits so far; null while signed out or not loaded yet. */
export function currentDepositCount(): number | null {
  return getQueryData(depositOptionsQuery)?.totalDepositSuccessCount ?? null;
}

/**
 * The member asked for a deposit (spec section 9, content id 99 on each): depositSubmit, and
 * firstDeposit while no deposit of theirs has succeeded yet (the server keeps one per member).
 */
export function trackDepositAsked(payment: DepositView, successCountBefore: number): void {
  const amount = Number(payment.amount);
  trackEvent('depositSubmit', { amount });
  if (successCountBefore === 0) trackEvent('firstDeposit', { amount });
}

/**
 * The deposit was credited: the server recorded deposit and firstDepositArrival or redeposit in the
 * same transaction; the browser's pixels get them with the server's ids.
 */
export function trackDepositCredited(payment: DepositView): void {
  const amount = Number(payment.amount);
  mirrorMovement('deposit', payment.id, amount);
  mirrorMovement(payment.firstDeposit ? 'firstDepositArrival' : 'redeposit', payment.id, amount);
}
