import {
  CONTENT_TEXT_MAX,
  CONTENT_TITLE_MAX,
  type AnnouncementText,
  type ContentLanguages,
  type EditableAnnouncementType,
  type StaffAnnouncementView,
} from '@wps/contract/contentAdmin';
import { ANNOUNCEMENT_AUDIENCES, type AnnouncementAudience } from '@wps/contract/games';
import type { LanguageCode } from '@wps/contract/languages';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { t, type TextKey } from '@/i18n/t';
import { Field, SelectField, TextAreaField } from '@/ui/Field';
import { Outcome } from '@/ui/States';
import { LanguageTabs, WindowFields, type WindowValue } from '../shared/ContentParts';
import { useContentWrite, usePopupOptions } from '../shared/useContent';
import { windowOk } from '../shared/window';
import { PopupPreview } from '../popup/PopupPreview';

const EMPTY: AnnouncementText = { title: '', content: '' };

function newWindow(): WindowValue {
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  return { startsAt: new Date(start).toISOString(), endsAt: null, position: 0 };
}

const filledText = (text: AnnouncementText | undefined) =>
  text !== undefined && text.title.trim() !== '' && text.content.trim() !== '';

/**
 * A marquee line's or popup page's editor: a title and text per language (tabs), who it is for, the
 * window, and a preview (the marquee's line, or the popup as a member sees it).
 */
export function AnnouncementEditor({
  type,
  item,
  languages,
  onDone,
}: {
  type: EditableAnnouncementType;
  item: StaffAnnouncementView | null;
  languages: ContentLanguages;
  onDone: () => void;
}) {
  const create = useContentWrite('staffAnnouncementCreate');
  const save = useContentWrite('staffAnnouncementSave');
  const options = usePopupOptions();
  const write = item === null ? create : save;
  const [texts, setTexts] = useState<Partial<Record<LanguageCode, AnnouncementText>>>(item?.texts ?? {});
  const [language, setLanguage] = useState<LanguageCode>(languages.defaultLanguage);
  const [audience, setAudience] = useState<AnnouncementAudience>(item?.audience ?? 'all');
  const [schedule, setSchedule] = useState<WindowValue>(
    item === null ? newWindow() : { startsAt: item.startsAt, endsAt: item.endsAt, position: item.position },
  );
  const current = texts[language] ?? EMPTY;
  const defaultFilled = filledText(texts[languages.defaultLanguage]);
  const ready = defaultFilled && windowOk(schedule.startsAt, schedule.endsAt);
  const setText = (patch: Partial<AnnouncementText>) =>
    setTexts((all) => ({ ...all, [language]: { ...(all[language] ?? EMPTY), ...patch } }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || schedule.startsAt === null) return;
    const filled = Object.fromEntries(Object.entries(texts).filter(([, text]) => filledText(text)));
    const input = {
      type,
      audience,
      texts: filled,
      startsAt: schedule.startsAt,
      endsAt: schedule.endsAt,
      position: schedule.position,
    };
    const done = { onSuccess: onDone };
    if (item === null) create.mutate(input, done);
    else save.mutate({ ...input, id: Number(item.id) }, done);
  }

  const shown = filledText(current) ? current : (texts[languages.defaultLanguage] ?? EMPTY);
  const titleKey: TextKey = type === 'MARQUEE' ? 'marquee_new' : 'popup_new';
  return (
    <div className="content-editor">
      <form
        className="auth-form"
        onSubmit={submit}
        aria-busy={write.isPending}
        aria-label={
          item === null
            ? t(titleKey)
            : t('content_edit_named', { title: item.texts[languages.defaultLanguage]?.title ?? '' })
        }
      >
        <LanguageTabs
          languages={languages.languages}
          defaultLanguage={languages.defaultLanguage}
          selected={language}
          onSelect={setLanguage}
          filled={(code) => filledText(texts[code])}
        >
          <Field
            label={t('content_title_in', { language })}
            maxLength={CONTENT_TITLE_MAX}
            value={current.title}
            onChange={(event) => setText({ title: event.target.value })}
          />
          <TextAreaField
            label={t(type === 'MARQUEE' ? 'marquee_text_in' : 'popup_text_in', { language })}
            maxLength={CONTENT_TEXT_MAX}
            rows={type === 'MARQUEE' ? 2 : 6}
            value={current.content}
            error={
              language === languages.defaultLanguage && !defaultFilled ? t('content_default_required') : null
            }
            onChange={(event) => setText({ content: event.target.value })}
          />
        </LanguageTabs>
        <SelectField
          label={t('content_audience')}
          value={audience}
          onChange={(event) => setAudience(event.target.value as AnnouncementAudience)}
        >
          {ANNOUNCEMENT_AUDIENCES.map((value) => (
            <option key={value} value={value}>
              {t(`content_audience_${value}`)}
            </option>
          ))}
        </SelectField>
        <WindowFields value={schedule} onChange={setSchedule} />
        <div className="editor-actions">
          <button type="submit" className="button button-accent" disabled={!ready || write.isPending}>
            {t('content_save')}
          </button>
          <button type="button" className="button button-ghost" onClick={onDone}>
            {t('content_cancel')}
          </button>
        </div>
        {write.isPending && <Outcome text={t('working')} />}
        {write.isError && !write.isPending && <Outcome text={errorText(write.error)} failed />}
      </form>
      {type === 'MARQUEE' ? (
        <figure className="marquee-preview" aria-label={t('marquee_preview')}>
          <p className="marquee-line">
            <span aria-hidden="true">📣 </span>
            {shown.content}
          </p>
          <figcaption className="note">{t('marquee_preview_caption')}</figcaption>
        </figure>
      ) : (
        options.data && <PopupPreview options={options.data} pages={[shown]} />
      )}
    </div>
  );
}
