import type { CommonSettings } from '@wps/contract/system';
import { createStore } from './createStore';

export type SettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: CommonSettings }
  | { status: 'failed'; errorCode: string };

/** The common store of spec section 3: the merchant's site-wide settings. */
export const settingsStore = createStore<SettingsState>({ status: 'loading' });

export function currentSettings(): CommonSettings | null {
  const state = settingsStore.get();
  return state.status === 'ready' ? state.settings : null;
}

export function useSettings(): CommonSettings | null {
  const state = settingsStore.use();
  return state.status === 'ready' ? state.settings : null;
}
