import type { SystemStatus } from '@wps/contract';
import { createStore } from './createStore';

export type SystemStatusState =
  | { status: 'checking' }
  | { status: 'open'; value: SystemStatus }
  | { status: 'maintenance'; value: SystemStatus }
  | { status: 'restricted'; value: SystemStatus }
  | { status: 'domainNotAvailable'; domain: string }
  | { status: 'failed' };

export const systemStatusStore = createStore<SystemStatusState>({ status: 'checking' });

export function classifyStatus(value: SystemStatus): SystemStatusState {
  if (value.maintenance) return { status: 'maintenance', value };
  if (value.regionRestriction) return { status: 'restricted', value };
  return { status: 'open', value };
}
