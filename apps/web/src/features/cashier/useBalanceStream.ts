import { useEffect } from 'react';
import { setQueryData } from '@/queries/changes';
import { balanceQuery } from './balance';
import { openBalanceStream } from './balanceStream';

/**
 * Keeps the balance query live from the event stream while `token` is set: a new token reconnects,
 * none (signed out) closes it. A stream waiting to reconnect tries at once when the tab is shown again.
 */
export function useBalanceStream(token: string | null): void {
  useEffect(() => {
    if (token === null) return undefined;
    const stream = openBalanceStream({
      token,
      onBalance: (balance) => setQueryData(balanceQuery, () => balance),
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') stream.wake();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stream.stop();
    };
  }, [token]);
}
