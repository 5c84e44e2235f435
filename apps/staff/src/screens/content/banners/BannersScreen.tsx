import type { StaffBannerView } from '@wps/contract/contentAdmin';
import { useState } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';
import { LoadError, Loading, Outcome } from '@/ui/States';
import { StatusBadge } from '../shared/ContentParts';
import { useBanners, useContentWrite } from '../shared/useContent';
import { shownInstant } from '../shared/window';
import { BannerEditor } from './BannerEditor';

/** What the editor is open on: nothing, a new banner, or one of the list. */
type Editing = null | 'new' | StaffBannerView;

/**
 * The merchant's banners (issue 30 item 5): each with its status (scheduled, live, ended), window and
 * link; new, edit and retire (the window ends now — nothing a member may have seen is deleted).
 */
export function BannersScreen({ canWrite }: { canWrite: boolean }) {
  const list = useBanners();
  const retire = useContentWrite('staffBannerRetire');
  const [editing, setEditing] = useState<Editing>(null);
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  if (!list.isSuccess) return <Loading />;
  const { banners, ...languages } = list.data;
  if (editing !== null) {
    return (
      <BannerEditor
        key={editing === 'new' ? 'new' : editing.id}
        banner={editing === 'new' ? null : editing}
        languages={languages}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <>
      {canWrite && (
        <button type="button" className="button button-accent" onClick={() => setEditing('new')}>
          {t('banner_new')}
        </button>
      )}
      {banners.length === 0 ? (
        <p className="note">{t('banner_none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="content-table">
            <caption className="visually-hidden">{t('banner_list')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('content_col_title')}</th>
                <th scope="col">{t('content_col_status')}</th>
                <th scope="col">{t('content_col_window')}</th>
                <th scope="col">{t('banner_col_link')}</th>
                {canWrite && <th scope="col">{t('content_col_actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {banners.map((banner) => {
                const title = banner.titles[languages.defaultLanguage] ?? '';
                return (
                  <tr key={banner.id}>
                    <td data-label={t('content_col_title')}>
                      <span
                        className="swatch"
                        aria-hidden="true"
                        style={{
                          backgroundImage: `linear-gradient(135deg, ${banner.art.colors[0]}, ${banner.art.colors[1]})`,
                        }}
                      />
                      {title}
                    </td>
                    <td data-label={t('content_col_status')}>
                      <StatusBadge status={banner.status} />
                    </td>
                    <td data-label={t('content_col_window')}>
                      {shownInstant(banner.startsAt, '')} – {shownInstant(banner.endsAt, t('content_never'))}
                    </td>
                    <td
                      data-label={t('banner_col_link')}
                      className="cell-link"
                    >{`${banner.linkageType} · ${banner.linkage}`}</td>
                    {canWrite && (
                      <td data-label={t('content_col_actions')} className="row-actions">
                        <button
                          type="button"
                          className="button button-ghost"
                          aria-label={t('content_edit_named', { title })}
                          onClick={() => setEditing(banner)}
                        >
                          {t('content_edit')}
                        </button>
                        {banner.status !== 'ended' && (
                          <button
                            type="button"
                            className="button button-ghost"
                            aria-label={t('content_retire_named', { title })}
                            disabled={retire.isPending}
                            onClick={() => {
                              if (window.confirm(t('content_retire_confirm', { title })))
                                retire.mutate({ id: Number(banner.id) });
                            }}
                          >
                            {t('content_retire')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {retire.isError && <Outcome text={errorText(retire.error)} failed />}
    </>
  );
}
