import { LOCALE_MAP } from '@wps/contract/languages';
import { useT } from '@/i18n/I18nProvider';

/** An ISO time as a date in the interface language ('' for a time that does not parse). */
export function useDateText(): (iso: string) => string {
  const { language } = useT();
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium' }).format(date);
  };
}
