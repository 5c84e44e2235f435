import type { ReactNode } from 'react';
import { systemStatusStore } from '@/state/systemStatus';
import { DomainNotAvailablePopup } from './DomainNotAvailablePopup';
import { MaintenancePage } from './MaintenancePage';

/**
 * The app renders at once (the status check must not delay the first paint); when the check answers
 * maintenance or a region restriction the whole app is replaced by the maintenance page.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const state = systemStatusStore.use();
  if (state.status === 'maintenance') {
    return <MaintenancePage kind="maintenance" ip={state.value.ip} endTime={state.value.maintenanceEnd} />;
  }
  if (state.status === 'restricted') {
    return <MaintenancePage kind="restricted" ip={state.value.ip} endTime={null} />;
  }
  return (
    <>
      {children}
      {state.status === 'domainNotAvailable' && <DomainNotAvailablePopup domain={state.domain} />}
    </>
  );
}
