import {
  BANNER_GLYPH_MAX,
  BANNER_LINK_MAX,
  CONTENT_TITLE_MAX,
  type BannerArt,
  type ContentLanguages,
  type StaffBannerView,
} from '@wps/contract/contentAdmin';
import type { BannerLinkageType } from '@wps/contract/games';
import type { LanguageCode } from '@wps/contract/languages';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Outcome } from '@/ui/States';
import { LanguageTabs, WindowFields, type WindowValue } from '../shared/ContentParts';
import { useBannerLinks, useContentWrite } from '../shared/useContent';
import { windowOk } from '../shared/window';
import { BannerPreview, linkSummary, type BannerLink } from './BannerPreview';

const NEW_ART: BannerArt = { colors: ['#1d3a8a', '#4cc9f0'], glyph: 'NEW' };
const HOUR = 3_600_000;

/** A new banner starts now (to the minute) and runs a week. */
function newWindow(): WindowValue {
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  return {
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 7 * 24 * HOUR).toISOString(),
    position: 0,
  };
}

/**
 * A banner's editor: a title per language (tabs), the window, the link (P a promotion, URL an /m page
 * or an http(s) address, G a game the merchant offers), the art, and a live preview. The server checks
 * every rule again; its refusal is shown in words.
 */
export function BannerEditor({
  banner,
  languages,
  onDone,
}: {
  banner: StaffBannerView | null;
  languages: ContentLanguages;
  onDone: () => void;
}) {
  const choices = useBannerLinks();
  const create = useContentWrite('staffBannerCreate');
  const save = useContentWrite('staffBannerSave');
  const write = banner === null ? create : save;
  const [titles, setTitles] = useState<Partial<Record<LanguageCode, string>>>(banner?.titles ?? {});
  const [language, setLanguage] = useState<LanguageCode>(languages.defaultLanguage);
  const [link, setLink] = useState<BannerLink>({
    linkageType: banner?.linkageType ?? 'URL',
    linkage: banner?.linkage ?? '',
    vendor: banner?.vendor ?? null,
  });
  const [art, setArt] = useState<BannerArt>(banner?.art ?? NEW_ART);
  const [schedule, setSchedule] = useState<WindowValue>(
    banner === null
      ? newWindow()
      : { startsAt: banner.startsAt, endsAt: banner.endsAt, position: banner.position },
  );
  const defaultTitle = (titles[languages.defaultLanguage] ?? '').trim();
  const linkOk = linkSummary(link, choices.data).ok;
  const ready =
    defaultTitle !== '' && linkOk && windowOk(schedule.startsAt, schedule.endsAt) && art.glyph.trim() !== '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || schedule.startsAt === null) return;
    const filled = Object.fromEntries(
      Object.entries(titles).filter(([, title]) => title !== undefined && title.trim() !== ''),
    );
    const input = {
      titles: filled,
      linkageType: link.linkageType,
      linkage: link.linkage.trim(),
      vendor: link.linkageType === 'G' ? link.vendor : null,
      art,
      startsAt: schedule.startsAt,
      endsAt: schedule.endsAt,
      position: schedule.position,
    };
    const done = { onSuccess: onDone };
    if (banner === null) create.mutate(input, done);
    else save.mutate({ ...input, id: Number(banner.id) }, done);
  }

  const setType = (linkageType: BannerLinkageType) => setLink({ linkageType, linkage: '', vendor: null });

  return (
    <div className="content-editor">
      <form
        className="auth-form"
        onSubmit={submit}
        aria-busy={write.isPending}
        aria-label={t(banner === null ? 'banner_new' : 'banner_edit')}
      >
        <LanguageTabs
          languages={languages.languages}
          defaultLanguage={languages.defaultLanguage}
          selected={language}
          onSelect={setLanguage}
          filled={(code) => (titles[code] ?? '').trim() !== ''}
        >
          <Field
            label={t('content_title_in', { language })}
            maxLength={CONTENT_TITLE_MAX}
            required={language === languages.defaultLanguage}
            value={titles[language] ?? ''}
            error={
              language === languages.defaultLanguage && defaultTitle === ''
                ? t('content_default_required')
                : null
            }
            onChange={(event) => setTitles((current) => ({ ...current, [language]: event.target.value }))}
          />
        </LanguageTabs>
        <SelectField
          label={t('banner_link_type')}
          value={link.linkageType}
          onChange={(event) => setType(event.target.value as BannerLinkageType)}
        >
          <option value="P">{t('banner_type_P')}</option>
          <option value="URL">{t('banner_type_URL')}</option>
          <option value="G">{t('banner_type_G')}</option>
        </SelectField>
        {link.linkageType === 'URL' && (
          <Field
            label={t('banner_link_url')}
            maxLength={BANNER_LINK_MAX}
            spellCheck={false}
            value={link.linkage}
            error={link.linkage.trim() !== '' && !linkOk ? t('error_banner_link_invalid') : null}
            onChange={(event) => setLink({ ...link, linkage: event.target.value })}
          />
        )}
        {link.linkageType === 'P' && (
          <SelectField
            label={t('banner_link_promotion')}
            value={link.linkage}
            onChange={(event) => setLink({ ...link, linkage: event.target.value })}
          >
            <option value="">{t('banner_choose')}</option>
            {choices.data?.promotions.map((promotion) => (
              <option key={promotion.id} value={promotion.id}>
                {promotion.title}
              </option>
            ))}
          </SelectField>
        )}
        {link.linkageType === 'G' && (
          <SelectField
            label={t('banner_link_game')}
            value={link.vendor === null ? '' : `${link.vendor}|${link.linkage}`}
            onChange={(event) => {
              const [vendor = '', gameCode = ''] = event.target.value.split('|');
              setLink({ linkageType: 'G', linkage: gameCode, vendor: vendor === '' ? null : vendor });
            }}
          >
            <option value="">{t('banner_choose')}</option>
            {choices.data?.games.map((game) => (
              <option key={`${game.vendor}|${game.gameCode}`} value={`${game.vendor}|${game.gameCode}`}>
                {`${game.displayName} · ${game.vendor} · ${game.gameType}`}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset className="art-fields">
          <legend>{t('banner_art')}</legend>
          {([0, 1] as const).map((index) => (
            <label key={index} className="color-pick">
              {t(index === 0 ? 'banner_color_from' : 'banner_color_to')}{' '}
              <input
                type="color"
                value={art.colors[index]}
                onChange={(event) => {
                  const colors: [string, string] = [...art.colors];
                  colors[index] = event.target.value;
                  setArt({ ...art, colors });
                }}
              />
            </label>
          ))}
          <Field
            label={t('banner_glyph')}
            maxLength={BANNER_GLYPH_MAX}
            value={art.glyph}
            onChange={(event) => setArt({ ...art, glyph: event.target.value })}
          />
        </fieldset>
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
      <BannerPreview
        art={art}
        title={(titles[language] ?? '').trim() || defaultTitle}
        link={link}
        choices={choices.data}
      />
    </div>
  );
}
