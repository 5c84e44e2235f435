import { useId, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { currentEnvironment } from '@/platform/environment';
import { Modal } from '@/ui/Modal';
import { showToast } from '@/ui/notices';
import { clearDeferredInstallPrompt, deferredInstallPrompt } from '@/features/pwa/installCapture';
import { runInstallPrompt } from '@/features/pwa/installPrompt';
import { A2hsSteps } from './A2hsSteps';
import './pwa.css';

/**
 * Spec section 4: with STARTGAMEINAPP3 a game starts only in the app or from the home-screen icon.
 * Telling the member so (label_start_game_error) is not enough: the dialog offers the way in. The
 * browser's install prompt when it was captured (Install), else the add-to-home-screen steps of this
 * platform; and Cancel. `onDone` runs once it is closed, either way.
 */
export function StartInAppDialog({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const messageId = useId();
  // Decided when it opens: a prompt captured later (or used up meanwhile) does not change the offer.
  const [install] = useState(deferredInstallPrompt);
  const env = currentEnvironment();

  const installNow = () => {
    if (install === null) return;
    clearDeferredInstallPrompt();
    onDone();
    void runInstallPrompt(install, () => showToast('a2hs-installing', { key: 'a2hs_installing' }));
  };

  return (
    <Modal
      title={t('start_in_app_title')}
      describedBy={messageId}
      onClose={onDone}
      variant="sheet"
      className="modal-panel a2hs-guide start-in-app"
    >
      <p id={messageId}>{t('label_start_game_error')}</p>
      {install === null && <A2hsSteps ios={env.isIos} inAppBrowser={env.inAppBrowser !== null} />}
      <div className="download-popup-actions">
        <button type="button" className="button button-ghost" onClick={onDone}>
          {t('cancel')}
        </button>
        {install !== null && (
          <button type="button" className="button button-accent" onClick={installNow}>
            {t('start_in_app_install')}
          </button>
        )}
      </div>
    </Modal>
  );
}
