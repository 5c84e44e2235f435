import { LOCALE_MAP } from '@wps/contract/languages';

/** A date and time in `language`: a 24-hour time-out or window ends within the day, so the time counts. */
export function breakDateText(iso: string, language: string): string {
  const locale = (LOCALE_MAP as Record<string, string>)[language] ?? 'en';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
