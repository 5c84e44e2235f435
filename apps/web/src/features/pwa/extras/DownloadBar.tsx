import { useT } from '@/i18n/I18nProvider';

/**
 * The download bar (spec section 2): the top banner of group `m_top`, with a download and a close
 * button. Whether it shows is `downloadBarVisible` (PwaExtras).
 */
export function DownloadBar({
  bannerImage,
  onDownload,
  onClose,
}: {
  bannerImage: string;
  onDownload: () => void;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <aside className="download-bar" data-group="m_top" aria-label={t('download_bar_label')}>
      <img className="download-bar-banner" src={bannerImage} alt="" />
      <span className="download-bar-text">{t('download_bar_label')}</span>
      <button type="button" className="button button-accent download-bar-download" onClick={onDownload}>
        {t('page_download')}
      </button>
      <button type="button" className="download-bar-close" aria-label={t('close')} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
