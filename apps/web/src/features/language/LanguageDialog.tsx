import { Modal } from '@/ui/Modal';
import { useT } from '@/i18n/I18nProvider';
import { LanguagePicker } from './LanguagePicker';

/** The language picker over any page (the shell header's language button), its own chunk. */
export function LanguageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal title={t('language_title')} onClose={onClose} closeOnOutside variant="sheet">
      <LanguagePicker onChanged={onClose} />
    </Modal>
  );
}
