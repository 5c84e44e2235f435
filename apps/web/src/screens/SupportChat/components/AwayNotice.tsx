import { LOCALE_MAP } from '@wps/contract/languages';
import { useT } from '@/i18n/I18nProvider';

/** Outside the merchant's support hours: when someone will answer; writing stays possible. */
export function AwayNotice({ nextOpenAt }: { nextOpenAt: string | null }) {
  const { t, language } = useT();
  const date = nextOpenAt === null ? null : new Date(nextOpenAt);
  const time =
    date === null || Number.isNaN(date.getTime())
      ? null
      : new Intl.DateTimeFormat(LOCALE_MAP[language], {
          weekday: 'long',
          hour: 'numeric',
          minute: '2-digit',
        }).format(date);
  return (
    <p className="chat-away" role="note" data-testid="chat-away">
      {time === null ? t('chat_away') : t('chat_away_until', { time })}
    </p>
  );
}
