import type { EditableAnnouncementType, StaffAnnouncementView } from '@wps/contract/contentAdmin';
import { useState } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';
import { LoadError, Loading, Outcome } from '@/ui/States';
import { StatusBadge } from '../shared/ContentParts';
import { useAnnouncements, useContentWrite } from '../shared/useContent';
import { shownInstant } from '../shared/window';
import { AnnouncementEditor } from './AnnouncementEditor';

type Editing = null | 'new' | StaffAnnouncementView;

/**
 * The merchant's marquee lines or popup pages — what the member app's News page lists — with status,
 * window and audience; new, edit and retire (the window ends now, nothing is deleted).
 */
export function AnnouncementsScreen({
  type,
  canWrite,
}: {
  type: EditableAnnouncementType;
  canWrite: boolean;
}) {
  const list = useAnnouncements(type);
  const retire = useContentWrite('staffAnnouncementRetire');
  const [editing, setEditing] = useState<Editing>(null);
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  if (!list.isSuccess) return <Loading />;
  const { announcements, ...languages } = list.data;
  if (editing !== null) {
    return (
      <AnnouncementEditor
        key={editing === 'new' ? 'new' : editing.id}
        type={type}
        item={editing === 'new' ? null : editing}
        languages={languages}
        onDone={() => setEditing(null)}
      />
    );
  }
  const marquee = type === 'MARQUEE';
  return (
    <>
      {canWrite && (
        <button type="button" className="button button-accent" onClick={() => setEditing('new')}>
          {t(marquee ? 'marquee_new' : 'popup_new')}
        </button>
      )}
      {announcements.length === 0 ? (
        <p className="note">{t(marquee ? 'marquee_none' : 'popup_none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="content-table">
            <caption className="visually-hidden">{t(marquee ? 'marquee_list' : 'popup_list')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('content_col_title')}</th>
                <th scope="col">{t('content_col_status')}</th>
                <th scope="col">{t('content_col_window')}</th>
                <th scope="col">{t('content_audience')}</th>
                <th scope="col">{t('content_col_languages')}</th>
                {canWrite && <th scope="col">{t('content_col_actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {announcements.map((item) => {
                const title = item.texts[languages.defaultLanguage]?.title ?? '';
                return (
                  <tr key={item.id}>
                    <td data-label={t('content_col_title')}>{title}</td>
                    <td data-label={t('content_col_status')}>
                      <StatusBadge status={item.status} />
                    </td>
                    <td data-label={t('content_col_window')}>
                      {shownInstant(item.startsAt, '')} – {shownInstant(item.endsAt, t('content_never'))}
                    </td>
                    <td data-label={t('content_audience')}>{t(`content_audience_${item.audience}`)}</td>
                    <td data-label={t('content_col_languages')}>{Object.keys(item.texts).join(', ')}</td>
                    {canWrite && (
                      <td data-label={t('content_col_actions')} className="row-actions">
                        <button
                          type="button"
                          className="button button-ghost"
                          aria-label={t('content_edit_named', { title })}
                          onClick={() => setEditing(item)}
                        >
                          {t('content_edit')}
                        </button>
                        {item.status !== 'ended' && (
                          <button
                            type="button"
                            className="button button-ghost"
                            aria-label={t('content_retire_named', { title })}
                            disabled={retire.isPending}
                            onClick={() => {
                              if (window.confirm(t('content_retire_confirm', { title })))
                                retire.mutate({ id: Number(item.id) });
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
