import type { SystemStatus } from '@wps/contract/system';
import { createStore } from './createStore';

export type SystemStatusState =
  | { status: 'checking' }
  | { status: 'open'; value: SystemStatus }
  | { status: 'maintenance'; value: SystemStatus }
  /** `country`: the member's country is not one the merchant serves (the server refused a call). */
  | { status: 'restricted'; value: SystemStatus; reason?: 'country' }
  | { status: 'domainNotAvailable'; domain: string; officialUrl: string | null }
  | { status: 'failed' };

export const systemStatusStore = createStore<SystemStatusState>({ status: 'checking' });

/**
 * The status the page's markup was made with: the server renders before any status check (a check
 * answers for the visitor's address), except inside a maintenance window, which is every visitor's.
 * The first render — on the server and while the browser hydrates — shows this; then the store.
 */
let renderedStatus: SystemStatusState = { status: 'checking' };

export function getRenderedStatus(): SystemStatusState {
  return renderedStatus;
}

/** Sets both the rendered status and the store (the server before a render, the browser before hydrating). */
export function startWithStatus(state: SystemStatusState): void {
  renderedStatus = state;
  systemStatusStore.set(state);
}

/** The state of a page rendered inside a maintenance window ending at `end`. */
export function maintenanceUntil(end: string | null, merchantCode: string): SystemStatusState {
  return {
    status: 'maintenance',
    value: { maintenance: true, maintenanceEnd: end, regionRestriction: false, ip: '', merchantCode },
  };
}

export function classifyStatus(value: SystemStatus): SystemStatusState {
  if (value.maintenance) return { status: 'maintenance', value };
  if (value.regionRestriction) return { status: 'restricted', value };
  return { status: 'open', value };
}
