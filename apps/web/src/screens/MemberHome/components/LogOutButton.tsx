import { useState } from 'react';
import { useAppNavigate } from '@/features/navigation';
import { signOut } from '@/features/signOut';
import { useT } from '@/i18n/I18nProvider';

/** Logs out (revoked on the server) and goes home. */
export function LogOutButton() {
  const { t } = useT();
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    await signOut('logout', { navigate });
  };
  return (
    <button
      type="button"
      className="button button-ghost member-logout"
      disabled={busy}
      onClick={() => void logOut()}
    >
      {t('auth_logout')}
    </button>
  );
}
