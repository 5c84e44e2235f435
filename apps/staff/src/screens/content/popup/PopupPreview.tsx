import type { AnnouncementText, PopupOptions } from '@wps/contract/contentAdmin';
import { useState } from 'react';
import { t } from '@/i18n/t';

/**
 * The popup as a member sees it on the home page, with the options as they are set: its pages with
 * pagination dots, the close button, "don't show again today" (never with forcePopup), and the wait
 * before it may be closed. A picture of it: nothing here closes or autoplays.
 */
export function PopupPreview({
  options,
  pages,
}: {
  options: PopupOptions;
  pages: readonly AnnouncementText[];
}) {
  const [page, setPage] = useState(0);
  const shown = pages[Math.min(page, pages.length - 1)];
  const today = options.showTodayCheckbox && !options.forcePopup;
  return (
    <figure className="popup-preview" aria-label={t('popup_preview')}>
      <div className="popup-scrim">
        <div className="popup-dialog" data-testid="popup-dialog">
          {options.showClose && (
            <span className="popup-close" aria-label={t('popup_preview_close')} role="img">
              ×
            </span>
          )}
          {shown === undefined ? (
            <p className="note">{t('popup_preview_empty')}</p>
          ) : (
            <>
              <h3>{shown.title}</h3>
              <p className="popup-text">{shown.content}</p>
            </>
          )}
          {options.showPagination && pages.length > 1 && (
            <div className="popup-dots">
              {pages.map((_, index) => (
                <button
                  key={index}
                  type="button"
                  aria-label={t('popup_preview_page', { page: index + 1 })}
                  aria-pressed={index === page}
                  onClick={() => setPage(index)}
                />
              ))}
            </div>
          )}
          {today && (
            <label className="popup-today">
              <input type="checkbox" tabIndex={-1} readOnly /> {t('popup_preview_today')}
            </label>
          )}
        </div>
      </div>
      <figcaption className="note">
        {[
          options.autoplay ? t('popup_preview_autoplay', { seconds: options.delay / 1000 }) : null,
          options.waitSeconds > 0 ? t('popup_preview_wait', { seconds: options.waitSeconds }) : null,
          options.forceRead ? t('popup_preview_force_read') : null,
          options.forcePopup ? t('popup_preview_force_popup') : t('popup_preview_once'),
          options.outsideClose ? t('popup_preview_outside') : null,
        ]
          .filter((line) => line !== null)
          .join(' ')}
      </figcaption>
    </figure>
  );
}
