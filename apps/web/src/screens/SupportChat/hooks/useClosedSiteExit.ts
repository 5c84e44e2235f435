import { useEffect } from 'react';
import { systemStatusStore } from '@/state/systemStatus';

/**
 * The chat is the one page open in a maintenance window or a restricted region (StatusGate): when
 * the member leaves it for another page of the app, the gate looks again and shows the maintenance
 * (or access-denied) page instead.
 */
export function useClosedSiteExit(): void {
  useEffect(
    () => () => {
      const state = systemStatusStore.get();
      if (state.status === 'maintenance' || state.status === 'restricted')
        systemStatusStore.set({ ...state });
    },
    [],
  );
}
