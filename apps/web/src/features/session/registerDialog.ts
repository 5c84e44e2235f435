import { createStore } from '@/state/createStore';

/** The register dialog that can open over any page. */
export const registerDialogStore = createStore<boolean>(false);

export function openRegisterDialog(): void {
  registerDialogStore.set(true);
}

export function closeRegisterDialog(): void {
  registerDialogStore.set(false);
}
