import { lazy, Suspense, type ReactNode } from 'react';
import { FirstScreenHydrated } from '@/ui/FirstScreenHydrated';
import { useHydrated } from '@/state/hydration';
import { getRenderedStatus, systemStatusStore } from '@/state/systemStatus';

// Shown only in a maintenance window or a restricted region: its own chunk, out of the first load.
const MaintenancePage = lazy(() =>
  import('./MaintenancePage').then((module) => ({ default: module.MaintenancePage })),
);

// Only an unknown host shows it: its own chunk, out of every merchant's first load.
const DomainNotAvailablePopup = lazy(() =>
  import('./DomainNotAvailablePopup').then((module) => ({ default: module.DomainNotAvailablePopup })),
);

/**
 * The app renders at once (the status check must not delay the first paint); when the check answers
 * maintenance or a region restriction the whole app is replaced by the maintenance page.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const answered = systemStatusStore.use();
  // The page hydrates as the server rendered it (before any check, or inside a maintenance window),
  // then shows what the check answered.
  const state = useHydrated() ? answered : getRenderedStatus();
  // The support chat stays open (the maintenance page's Contact Us leads there); leaving it closes
  // the app again (the chat screen asks for a new look when it goes).
  const onChat = globalThis.location?.pathname === '/m/supportChat';
  if ((state.status === 'maintenance' || state.status === 'restricted') && !onChat) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage
          kind={state.status}
          ip={state.value.ip}
          country={state.status === 'restricted' && state.reason === 'country'}
          endTime={state.status === 'maintenance' ? state.value.maintenanceEnd : null}
        />
        <FirstScreenHydrated />
      </Suspense>
    );
  }
  return (
    <>
      {children}
      {state.status === 'domainNotAvailable' && (
        <Suspense fallback={null}>
          <DomainNotAvailablePopup domain={state.domain} officialUrl={state.officialUrl} />
        </Suspense>
      )}
    </>
  );
}
