import { lazy, Suspense, type ReactNode } from 'react';
import { systemStatusStore } from '@/state/systemStatus';
import { MaintenancePage } from './MaintenancePage';

// Only an unknown host shows it: its own chunk, out of every merchant's first load.
const DomainNotAvailablePopup = lazy(() =>
  import('./DomainNotAvailablePopup').then((module) => ({ default: module.DomainNotAvailablePopup })),
);

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
      {state.status === 'domainNotAvailable' && (
        <Suspense fallback={null}>
          <DomainNotAvailablePopup domain={state.domain} />
        </Suspense>
      )}
    </>
  );
}
