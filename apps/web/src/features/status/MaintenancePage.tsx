import { LOCALE_MAP } from '@wps/contract';
import { useT } from '@/i18n/I18nProvider';
import { useHydrated } from '@/state/hydration';
import { CustomerServiceLink } from '@/features/customerService/CustomerServiceLink';
import { useCustomerServiceEntry } from '@/features/customerService/entries';
import './maintenance.css';

interface Props {
  kind: 'maintenance' | 'restricted';
  ip: string;
  endTime: string | null;
}

/**
 * The end in the visitor's time zone; in UTC (and saying so) on the server and while the page
 * hydrates, since the server cannot know the visitor's zone and the markup must match.
 */
function formatEndTime(iso: string, locale: string, inUtc: boolean): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  if (!inUtc) return new Intl.DateTimeFormat(locale, options).format(date);
  return `${new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date)} UTC`;
}

/** Shown instead of the whole app during maintenance or when the caller's location is restricted. */
export function MaintenancePage({ kind, ip, endTime }: Props) {
  const { t, language } = useT();
  // The merchant's Contact Us entry for this page (csPosition MAINTENANCE), by the member's label:
  // the support chat stays open while the rest of the app is closed (StatusGate).
  const contact = useCustomerServiceEntry('MAINTENANCE');
  const hydrated = useHydrated();
  const end =
    kind === 'maintenance' && endTime ? formatEndTime(endTime, LOCALE_MAP[language], !hydrated) : null;

  return (
    <main className="maintenance" id="main">
      <div className="maintenance-mark" aria-hidden="true">
        {kind === 'maintenance' ? '⚙' : '⛔'}
      </div>
      <h1>{kind === 'maintenance' ? t('system_maintenance') : t('access_denied')}</h1>
      <p>{kind === 'maintenance' ? t('maintenance_message') : t('access_denied_message', { ip })}</p>
      {end && (
        <p className="maintenance-end">
          {t('end_time')}: <time dateTime={endTime ?? undefined}>{end}</time>
        </p>
      )}
      {contact && (
        <CustomerServiceLink entry={contact} backUrl={null} className="button button-primary">
          {t('contact_us')}
        </CustomerServiceLink>
      )}
    </main>
  );
}
