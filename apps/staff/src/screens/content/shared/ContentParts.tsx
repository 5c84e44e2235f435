import type { ContentStatus } from '@wps/contract/contentAdmin';
import type { LanguageCode } from '@wps/contract/languages';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { fromLocalInput, STATUS_TEXT, toLocalInput, windowOk } from './window';

export function StatusBadge({ status }: { status: ContentStatus }) {
  return <span className={`status-badge status-${status}`}>{t(STATUS_TEXT[status])}</span>;
}

/**
 * One tab per language of the merchant (the default one first and marked required), as an ARIA tab
 * list: arrow keys move between tabs, the panel holds the fields of the selected language.
 */
export function LanguageTabs({
  languages,
  defaultLanguage,
  selected,
  onSelect,
  filled,
  children,
}: {
  languages: readonly LanguageCode[];
  defaultLanguage: LanguageCode;
  selected: LanguageCode;
  onSelect: (language: LanguageCode) => void;
  /** The languages with text (shown with a mark). */
  filled: (language: LanguageCode) => boolean;
  children: ReactNode;
}) {
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const ordered = [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + ordered.length) % ordered.length;
    const language = ordered[next];
    if (language === undefined) return;
    onSelect(language);
    tabs.current[next]?.focus();
  };
  return (
    <div className="language-tabs">
      <div role="tablist" aria-label={t('content_languages')}>
        {ordered.map((language, index) => (
          <button
            key={language}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-${language}`}
            aria-selected={language === selected}
            aria-controls={`${base}-panel`}
            tabIndex={language === selected ? 0 : -1}
            onClick={() => onSelect(language)}
            onKeyDown={(event) => move(event, index)}
          >
            {language}
            {language === defaultLanguage ? ` (${t('content_default')})` : ''}
            {filled(language) ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${selected}`}>
        {children}
      </div>
    </div>
  );
}

export interface WindowValue {
  startsAt: string | null;
  endsAt: string | null;
  position: number;
}

/** From, to (empty: never ends) and position, with the window rule shown as it is typed. */
export function WindowFields({
  value,
  onChange,
}: {
  value: WindowValue;
  onChange: (next: WindowValue) => void;
}) {
  const problem =
    value.startsAt === null
      ? t('content_from_required')
      : windowOk(value.startsAt, value.endsAt)
        ? null
        : t('error_content_window_invalid');
  return (
    <fieldset className="window-fields">
      <legend>{t('content_window')}</legend>
      <Field
        label={t('content_from')}
        type="datetime-local"
        required
        value={toLocalInput(value.startsAt)}
        error={value.startsAt === null ? problem : null}
        onChange={(event) => onChange({ ...value, startsAt: fromLocalInput(event.target.value) })}
      />
      <Field
        label={t('content_to')}
        type="datetime-local"
        value={toLocalInput(value.endsAt)}
        error={value.startsAt !== null ? problem : null}
        onChange={(event) => onChange({ ...value, endsAt: fromLocalInput(event.target.value) })}
      />
      <Field
        label={t('content_position')}
        type="number"
        min={0}
        max={9999}
        value={value.position}
        onChange={(event) =>
          onChange({ ...value, position: Math.max(0, Math.min(9999, Number(event.target.value) || 0)) })
        }
      />
    </fieldset>
  );
}
