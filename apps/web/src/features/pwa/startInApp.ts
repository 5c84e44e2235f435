import { showAlert } from '@/ui/notices';

/**
 * Where a game may not start here (STARTGAMEINAPP3 outside the app and the home-screen app): the
 * dialog that offers the way in (extras/StartInAppDialog.tsx), a chunk loaded when it is needed; when
 * the chunk cannot be loaded (offline), the spec's plain alert label_start_game_error. Resolves once
 * the member has closed it.
 */
export function showStartInAppDialog(): Promise<void> {
  return import('./extras/openStartInApp').then(
    (module) => module.openStartInAppDialog(),
    () => showAlert({ key: 'label_start_game_error' }),
  );
}
