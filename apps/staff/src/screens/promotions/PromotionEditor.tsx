import type { LanguageCode } from '@wps/contract/languages';
import type { PromotionText, StaffPromotion, StaffPromotions } from '@wps/contract/offersAdmin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField, TextAreaField } from '@/ui/Field';
import { Card, Outcome } from '@/ui/States';
import { fromLocalInput, LanguageTabs, toLocalInput } from './LanguageTabs';

type Texts = Partial<Record<LanguageCode, PromotionText>>;
const EMPTY: PromotionText = { title: '', content: '', richContent: null, terms: null };

/** A language counts as written when its title or summary is; blank ones are not sent. */
const isWritten = (text: PromotionText | undefined) =>
  text !== undefined && (text.title.trim() !== '' || text.content.trim() !== '');

/**
 * A promotion's editor: category, position, window and the texts per language, with a preview of
 * the member's card in the language of the open tab (the default language's text where that one is
 * not written, as the member site falls back).
 */
export function PromotionEditor({
  data,
  promotion,
  close,
}: {
  data: StaffPromotions;
  promotion: StaffPromotion | null;
  close: () => void;
}) {
  const client = useQueryClient();
  const [texts, setTexts] = useState<Texts>(promotion?.texts ?? {});
  const [active, setActive] = useState<LanguageCode>(data.defaultLanguage);
  const [category, setCategory] = useState(promotion?.category ?? '');
  const [position, setPosition] = useState(String(promotion?.position ?? 0));
  const [startsAt, setStartsAt] = useState(toLocalInput(promotion?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(promotion?.endsAt ?? null));
  const save = useMutation({
    mutationFn: () => {
      const written = Object.fromEntries(
        Object.entries(texts).filter(([, text]) => isWritten(text)),
      ) as Texts;
      const input = {
        category: category === '' ? null : category,
        position: Number(position),
        startsAt: fromLocalInput(startsAt) ?? '',
        endsAt: fromLocalInput(endsAt),
        texts: written,
      };
      return promotion === null
        ? staffCall('staffPromotionCreate', input)
        : staffCall('staffPromotionSave', { ...input, id: promotion.id });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.promotions() }).then(close),
  });
  const text = texts[active] ?? EMPTY;
  const edit = (change: Partial<PromotionText>) => setTexts({ ...texts, [active]: { ...text, ...change } });
  const shown = isWritten(texts[active]) ? text : (texts[data.defaultLanguage] ?? EMPTY);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const titleId = promotion === null ? 'offers_promotion_new' : 'offers_promotion_edit';
  return (
    <Card id="promotion-editor" title={t(titleId)}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="editor-grid">
          <div>
            <LanguageTabs
              languages={data.languages}
              defaultLanguage={data.defaultLanguage}
              active={active}
              written={(language) => isWritten(texts[language])}
              onSelect={setActive}
            >
              <Field
                label={t('offers_title_field', { language: active })}
                value={text.title}
                maxLength={200}
                onChange={(event) => edit({ title: event.target.value })}
              />
              <Field
                label={t('offers_summary_field')}
                value={text.content}
                maxLength={1000}
                onChange={(event) => edit({ content: event.target.value })}
              />
              <TextAreaField
                label={t('offers_rich_field')}
                value={text.richContent ?? ''}
                rows={5}
                onChange={(event) => edit({ richContent: event.target.value })}
              />
              <TextAreaField
                label={t('offers_terms_field')}
                value={text.terms ?? ''}
                rows={3}
                onChange={(event) => edit({ terms: event.target.value })}
              />
            </LanguageTabs>
            <SelectField
              label={t('offers_category')}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
            >
              <option value="">{t('offers_no_category')}</option>
              {data.categories.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.names[data.defaultLanguage] ?? item.code}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('offers_position')}
              type="number"
              min={0}
              value={position}
              onChange={(event) => setPosition(event.target.value)}
            />
            <Field
              label={t('offers_starts')}
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
            <Field
              label={t('offers_ends')}
              type="datetime-local"
              value={endsAt}
              onChange={(event) => setEndsAt(event.target.value)}
            />
          </div>
          <figure className="content-preview" aria-label={t('offers_preview')}>
            <figcaption className="note">{t('offers_preview_in', { language: active })}</figcaption>
            <article>
              <h3>{shown.title || t('offers_preview_empty')}</h3>
              <p>{shown.content}</p>
              {shown.richContent && (
                <p className="preview-rich">{shown.richContent.replace(/<[^>]*>/g, ' ')}</p>
              )}
              {shown.terms && <p className="note">{shown.terms}</p>}
            </article>
          </figure>
        </div>
        {save.isError && <Outcome failed text={errorText(save.error)} />}
        <div className="actions">
          <button type="submit" className="button button-accent" disabled={save.isPending}>
            {t('offers_save')}
          </button>
          <button type="button" className="button button-ghost" onClick={close}>
            {t('offers_cancel')}
          </button>
        </div>
      </form>
    </Card>
  );
}
