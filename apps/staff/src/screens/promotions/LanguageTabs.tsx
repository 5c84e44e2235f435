import type { LanguageCode } from '@wps/contract/languages';
import type { ContentStatus } from '@wps/contract/contentAdmin';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '@/i18n/t';

/**
 * The per-language tabs of a content editor (issue 30 item 5): one tab per language of the
 * merchant, the default one first and marked required (the member side falls back to it), a dot on
 * the languages written. Arrow keys move between tabs (the ARIA tabs pattern).
 */
export function LanguageTabs({
  languages,
  defaultLanguage,
  active,
  written,
  onSelect,
  children,
}: {
  languages: readonly LanguageCode[];
  defaultLanguage: LanguageCode;
  active: LanguageCode;
  written: (language: LanguageCode) => boolean;
  onSelect: (language: LanguageCode) => void;
  children: ReactNode;
}) {
  const base = useId();
  const ordered = [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = ordered[(ordered.indexOf(active) + step + ordered.length) % ordered.length];
    if (next !== undefined) onSelect(next);
  };
  return (
    <div className="language-tabs">
      <div role="tablist" aria-label={t('offers_languages')} onKeyDown={onKeyDown}>
        {ordered.map((language) => (
          <button
            key={language}
            type="button"
            role="tab"
            id={`${base}-tab-${language}`}
            aria-selected={language === active}
            aria-controls={`${base}-panel-${language}`}
            tabIndex={language === active ? 0 : -1}
            className={written(language) ? 'tab written' : 'tab'}
            onClick={() => onSelect(language)}
          >
            {language}
            {language === defaultLanguage && <span className="note"> {t('offers_default_language')}</span>}
            {written(language) && <span aria-hidden="true"> ●</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${active}`} aria-labelledby={`${base}-tab-${active}`}>
        {children}
      </div>
    </div>
  );
}

const STATUS_TEXT = {
  scheduled: 'offers_status_scheduled',
  live: 'offers_status_live',
  ended: 'offers_status_ended',
} as const;

export function StatusBadge({ status }: { status: ContentStatus }) {
  return <span className={`badge badge-${status}`}>{t(STATUS_TEXT[status])}</span>;
}

/** An instant as a datetime-local input shows it (the browser's time zone). */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value as an instant; empty: none. */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function windowText(startsAt: string, endsAt: string | null): string {
  const from = when.format(new Date(startsAt));
  return endsAt === null
    ? t('offers_window_open', { from })
    : t('offers_window', { from, to: when.format(new Date(endsAt)) });
}
