import { useT } from '@/i18n/I18nProvider';
import './loading.css';

/** The loading indicator: a spinner with an accessible "Please wait..." label. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useT();
  return (
    <div className={fullScreen ? 'loading loading-full' : 'loading'} role="status" aria-live="polite">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="loading-label">{t('loading')}</span>
    </div>
  );
}
