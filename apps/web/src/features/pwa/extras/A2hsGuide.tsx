import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import { A2hsSteps } from './A2hsSteps';

/**
 * Issue 13 item 5: iOS and browsers without `beforeinstallprompt` get illustrated instructions to add
 * the site to the home screen, a sheet at the bottom.
 */
export function A2hsGuide({ ios, onClose }: { ios: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      title={t('a2hs_title')}
      onClose={onClose}
      variant="sheet"
      closeOnOutside
      className="modal-panel a2hs-guide"
    >
      <A2hsSteps ios={ios} />
      <button type="button" className="button button-accent a2hs-done" onClick={onClose}>
        {t('a2hs_guide_done')}
      </button>
    </Modal>
  );
}
