import {
  POPUP_DELAY_MAX_MS,
  POPUP_DELAY_MIN_MS,
  POPUP_WAIT_MAX_S,
  type AnnouncementText,
  type PopupOptions,
} from '@wps/contract/contentAdmin';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { t, type TextKey } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { LoadError, Loading, Outcome } from '@/ui/States';
import { useAnnouncements, useContentWrite, usePopupOptions } from '../shared/useContent';
import { PopupPreview } from './PopupPreview';

const SWITCHES = [
  'autoplay',
  'showClose',
  'showPagination',
  'showTodayCheckbox',
  'forceRead',
  'forcePopup',
  'outsideClose',
] as const satisfies readonly (keyof PopupOptions)[];

/** Every popup option of spec section 3, each with its meaning, beside the popup as members see it. */
function OptionsForm({
  stored,
  pages,
  canWrite,
}: {
  stored: PopupOptions;
  pages: AnnouncementText[];
  canWrite: boolean;
}) {
  const [options, setOptions] = useState<PopupOptions>(stored);
  const save = useContentWrite('staffPopupOptionsSave');
  const delayOk = options.delay >= POPUP_DELAY_MIN_MS && options.delay <= POPUP_DELAY_MAX_MS;
  const waitOk = options.waitSeconds >= 0 && options.waitSeconds <= POPUP_WAIT_MAX_S;
  const set = <K extends keyof PopupOptions>(key: K, value: PopupOptions[K]) =>
    setOptions((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (delayOk && waitOk) save.mutate(options);
  }

  return (
    <div className="content-editor">
      <form
        className="auth-form"
        onSubmit={submit}
        aria-busy={save.isPending}
        aria-label={t('popup_options')}
      >
        <fieldset className="popup-switches" disabled={!canWrite}>
          <legend>{t('popup_options')}</legend>
          {SWITCHES.map((key) => (
            <label key={key} className="switch-row">
              <input
                type="checkbox"
                checked={options[key]}
                onChange={(event) => set(key, event.target.checked)}
              />
              <span>
                <strong>{t(`popup_opt_${key}` as TextKey)}</strong>
                <span className="note"> — {t(`popup_opt_${key}_help` as TextKey)}</span>
              </span>
            </label>
          ))}
          <Field
            label={t('popup_opt_delay')}
            type="number"
            min={POPUP_DELAY_MIN_MS / 1000}
            max={POPUP_DELAY_MAX_MS / 1000}
            step={0.5}
            value={options.delay / 1000}
            error={delayOk ? null : t('popup_opt_delay_range')}
            onChange={(event) => set('delay', Math.round(Number(event.target.value) * 1000))}
          />
          <Field
            label={t('popup_opt_wait')}
            type="number"
            min={0}
            max={POPUP_WAIT_MAX_S}
            value={options.waitSeconds}
            error={waitOk ? null : t('popup_opt_wait_range')}
            onChange={(event) => set('waitSeconds', Math.round(Number(event.target.value)))}
          />
        </fieldset>
        {canWrite && (
          <button
            type="submit"
            className="button button-accent"
            disabled={save.isPending || !delayOk || !waitOk}
          >
            {t('popup_options_save')}
          </button>
        )}
        {save.isPending && <Outcome text={t('working')} />}
        {save.isSuccess && !save.isPending && <Outcome text={t('popup_options_saved')} />}
        {save.isError && !save.isPending && <Outcome text={errorText(save.error)} failed />}
      </form>
      <PopupPreview options={options} pages={pages} />
    </div>
  );
}

/** The popup's options with the live popup pages in its preview. */
export function PopupOptionsPanel({ canWrite }: { canWrite: boolean }) {
  const options = usePopupOptions();
  const pages = useAnnouncements('POPUP');
  const failed = options.isError ? options.error : pages.isError ? pages.error : null;
  if (failed !== null) return <LoadError error={failed} retry={() => void options.refetch()} />;
  if (!options.isSuccess || !pages.isSuccess) return <Loading />;
  const { defaultLanguage } = pages.data;
  const live = pages.data.announcements
    .filter((item) => item.status === 'live')
    .flatMap((item) => {
      const text = item.texts[defaultLanguage];
      return text === undefined ? [] : [text];
    });
  return <OptionsForm stored={options.data} pages={live} canWrite={canWrite} />;
}
