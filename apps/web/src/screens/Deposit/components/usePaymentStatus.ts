import { useEffect, useState } from 'react';
import type { DepositView } from '@wps/contract/cashier';
import { fetchDepositStatus } from '@/api/endpoints/wallet';
import { WpsError } from '@/api/errors';
import { balanceQuery, depositOptionsQuery, trackDepositCredited } from '@/features/cashier';
import { refreshQuery } from '@/queries/live';

/** How often a pending payment's state is asked while the page is visible. */
export const STATUS_POLL_MS = 1_000;

export interface PaymentStatus {
  payment: DepositView | null;
  error: unknown;
}

/**
 * A payment's state, asked every STATUS_POLL_MS while it is pending and the page is visible (and at
 * once when it becomes visible again), until it succeeds, fails or expires. Success loads the
 * balance and the deposit count again (the stream usually brought the balance already), and is
 * mirrored to the ad pixels (the server recorded its events; each is mirrored once per device).
 */
export function usePaymentStatus(id: string, initial: DepositView | null): PaymentStatus {
  const [status, setStatus] = useState<PaymentStatus>({ payment: initial, error: null });
  const settled = status.payment !== null && status.payment.state !== 'pending';
  const failed = status.error !== null && status.payment === null;

  useEffect(() => {
    if (settled || failed) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ask = async () => {
      timer = null;
      try {
        const payment = await fetchDepositStatus(id);
        if (!live) return;
        setStatus({ payment, error: null });
        if (payment.state === 'success') {
          refreshQuery(balanceQuery);
          refreshQuery(depositOptionsQuery);
          trackDepositCredited(payment);
        }
        if (payment.state !== 'pending') return;
      } catch (error) {
        if (!live) return;
        setStatus((current) => ({ payment: current.payment, error }));
        if (isNotFound(error)) return;
      }
      if (live) timer = setTimeout(() => void whenVisible(), STATUS_POLL_MS);
    };
    const whenVisible = async () => {
      if (document.visibilityState === 'visible') await ask();
      else timer = setTimeout(() => void whenVisible(), STATUS_POLL_MS);
    };
    void ask();
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [id, settled, failed]);
  return status;
}

/** A payment the server does not know (or not for this member): asking again will not change that. */
function isNotFound(error: unknown): boolean {
  return error instanceof WpsError && error.status === 404;
}
