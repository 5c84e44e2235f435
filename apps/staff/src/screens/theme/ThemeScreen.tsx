import { contrastRatio, MIN_TEXT_CONTRAST } from '@wps/contract/contrast';
import { THEME_TEXT_PAIRS, themeContrastFailures, type StaffMerchantView } from '@wps/contract/merchantAdmin';
import type { MobileTemplate, ThemeColors } from '@wps/contract/system';
import { HEX_COLOR_PATTERN } from '@wps/contract/system';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { t, type TextKey } from '@/i18n/t';
import { Field, TextAreaField } from '@/ui/Field';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { useMerchant, useMerchantList, useThemeSave } from '@/screens/merchants/useMerchant';
import { PhonePreview } from './PhonePreview';
import '@/screens/merchants/merchants.css';

const COLOR_KEYS = Object.keys({
  primary: 0,
  primaryContrast: 0,
  background: 0,
  surface: 0,
  text: 0,
  textMuted: 0,
  accent: 0,
  accentContrast: 0,
} satisfies Record<keyof ThemeColors, 0>) as (keyof ThemeColors)[];

const IMAGES = ['h5_logo', 'app_background', 'favicon', 'splash', 'apple_touch_icon'] as const;
const TEXTS = ['app_desc', 'login_prompt_text'] as const;

const colorLabel = (key: keyof ThemeColors) => t(`color_${key}` as TextKey);
/** A native picker takes #rrggbb only: a shorter or translucent colour is shown by its nearest. */
const pickerValue = (value: string) =>
  /^#[0-9a-f]{6}/i.test(value)
    ? value.slice(0, 7)
    : /^#[0-9a-f]{3}$/i.test(value)
      ? `#${[...value.slice(1)].map((c) => c + c).join('')}`
      : '#000000';

function ContrastList({ colors }: { colors: ThemeColors }) {
  return (
    <ul className="contrast-list" aria-label={t('theme_contrast')}>
      {THEME_TEXT_PAIRS.map(([text, under]) => {
        const ratio = contrastRatio(colors[text], colors[under]) ?? 0;
        const passes = ratio >= MIN_TEXT_CONTRAST;
        return (
          <li key={`${text}-${under}`} className={passes ? 'pass' : 'fail'}>
            {t(passes ? 'theme_pair_pass' : 'theme_pair_fail', {
              text: colorLabel(text),
              under: colorLabel(under),
              ratio: (Math.floor(ratio * 100) / 100).toFixed(2),
            })}
          </li>
        );
      })}
    </ul>
  );
}

/** The mobile template of spec section 3, edited beside a live phone preview; saved only when readable. */
function ThemeForm({ merchant }: { merchant: StaffMerchantView }) {
  const [template, setTemplate] = useState<MobileTemplate>(merchant.template);
  const save = useThemeSave();
  const colorsValid = COLOR_KEYS.every((key) => HEX_COLOR_PATTERN.test(template.colors[key]));
  const failures = colorsValid ? themeContrastFailures(template.colors) : [];
  const set = <K extends keyof MobileTemplate>(key: K, value: MobileTemplate[K]) =>
    setTemplate((current) => ({ ...current, [key]: value }));
  const setColor = (key: keyof ThemeColors, value: string) =>
    setTemplate((current) => ({ ...current, colors: { ...current.colors, [key]: value } }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!colorsValid || failures.length > 0) return;
    save.mutate({ code: merchant.code, template });
  }

  return (
    <div className="theme-layout">
      <form className="auth-form" onSubmit={submit} aria-busy={save.isPending}>
        {IMAGES.map((key) => (
          <Field
            key={key}
            label={t(`theme_${key}` as TextKey)}
            type="url"
            value={template[key] ?? ''}
            onChange={(event) =>
              set(key, event.target.value.trim() === '' ? null : event.target.value.trim())
            }
          />
        ))}
        {TEXTS.map((key) => (
          <TextAreaField
            key={key}
            label={t(`theme_${key}` as TextKey)}
            rows={2}
            value={template[key] ?? ''}
            onChange={(event) => set(key, event.target.value === '' ? null : event.target.value)}
          />
        ))}
        <Field
          label={t('theme_app_desc_font_color')}
          value={template.app_desc_font_color ?? ''}
          pattern="#[0-9a-fA-F]{3,8}"
          onChange={(event) => set('app_desc_font_color', event.target.value.trim() || null)}
        />
        <label>
          <input
            type="checkbox"
            checked={template.pwa}
            onChange={(event) => set('pwa', event.target.checked)}
          />{' '}
          {t('theme_pwa')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={template.desktop_app_feature}
            onChange={(event) => set('desktop_app_feature', event.target.checked)}
          />{' '}
          {t('theme_desktop_app')}
        </label>
        <fieldset className="colors">
          <legend>{t('theme_colors')}</legend>
          {COLOR_KEYS.map((key) => (
            <div key={key} className="color-row">
              <Field
                label={colorLabel(key)}
                value={template.colors[key]}
                spellCheck={false}
                error={HEX_COLOR_PATTERN.test(template.colors[key]) ? null : t('theme_color_invalid')}
                onChange={(event) => setColor(key, event.target.value.trim())}
              />
              <input
                type="color"
                aria-label={t('theme_pick', { color: colorLabel(key) })}
                value={pickerValue(template.colors[key])}
                onChange={(event) => setColor(key, event.target.value)}
              />
            </div>
          ))}
        </fieldset>
        <ContrastList colors={template.colors} />
        {failures.length > 0 && <Outcome text={t('theme_contrast_blocked')} failed />}
        <button
          type="submit"
          className="button button-accent"
          disabled={save.isPending || failures.length > 0 || !colorsValid}
        >
          {t('theme_save')}
        </button>
        {save.isPending && <Outcome text={t('working')} />}
        {save.isSuccess && !save.isPending && <Outcome text={t('theme_saved')} />}
        {save.isError && !save.isPending && <Outcome text={errorText(save.error)} failed />}
      </form>
      <PhonePreview template={template} name={merchant.name} />
    </div>
  );
}

/** The back office's Theme section (issue 30 item 4): the merchant's mobile template and colours. */
export function ThemeScreen() {
  const list = useMerchantList();
  const merchant = useMerchant(list.data?.[0]?.code);
  const failed = list.isError ? list.error : merchant.isError ? merchant.error : null;
  return (
    <Card id="theme-title" title={t('theme_title')}>
      <p className="note">{t('theme_note')}</p>
      {failed !== null && <LoadError error={failed} retry={() => void merchant.refetch()} />}
      {failed === null && !merchant.isSuccess && <Loading />}
      {merchant.isSuccess && <ThemeForm key={merchant.data.code} merchant={merchant.data} />}
    </Card>
  );
}
