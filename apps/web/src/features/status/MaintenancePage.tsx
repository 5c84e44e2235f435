import { LOCALE_MAP } from '@wps/contract/languages';
import { useT } from '@/i18n/I18nProvider';
import { useHydrated } from '@/state/hydration';
import { CustomerServiceLink, useCustomerServiceEntry } from '@/features/customerService';
import './maintenance.css';

interface Props {
  kind: 'maintenance' | 'restricted';
  ip: string;
  endTime: string | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Tests: forget the kept formatters (a page's time zone never changes; a test's does). */
export function forgetEndTimeFormatters(): void {
  formatters.clear();
}

/**
 * The end in the visitor's time zone; in UTC (and saying so) on the server, since the server cannot
 * know the visitor's zone. Formatters are kept: the first one a page makes costs tens of
 * milliseconds on a phone (the locale's data is loaded).
 */
function formatEndTime(iso: string, locale: string, inUtc: boolean): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const key = `${locale}|${inUtc ? 'UTC' : ''}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(inUtc ? { timeZone: 'UTC' } : {}),
    });
    formatters.set(key, formatter);
  }
  const text = formatter.format(date);
  return inUtc ? `${text} UTC` : text;
}

/**
 * The end on the visitor's clock; in UTC, saying so, when that clock shows the same: then the text
 * the server wrote stays, and nothing on the page moves once it has hydrated.
 */
function visitorEndTime(iso: string, locale: string): string | null {
  const utc = formatEndTime(iso, locale, true);
  const local = formatEndTime(iso, locale, false);
  return utc !== null && local !== null && utc === `${local} UTC` ? utc : local;
}

const END_TIME_SELECTOR = '.maintenance-end time';

/**
 * While the page hydrates, the end as the server wrote it (the markup must match): read from the
 * page rather than formatted again, so hydration makes no formatter of its own. Null on the server.
 */
function serverWrittenEnd(endTime: string): string | null {
  if (typeof document === 'undefined') return null;
  const element = document.querySelector(END_TIME_SELECTOR);
  return element?.getAttribute('dateTime') === endTime ? element.textContent : null;
}

/** Shown instead of the whole app during maintenance or when the caller's location is restricted. */
export function MaintenancePage({ kind, ip, endTime }: Props) {
  const { t, language } = useT();
  // The merchant's Contact Us entry for this page (csPosition MAINTENANCE), by the member's label:
  // the support chat stays open while the rest of the app is closed (StatusGate).
  const contact = useCustomerServiceEntry('MAINTENANCE');
  const hydrated = useHydrated();
  const end =
    kind === 'maintenance' && endTime
      ? hydrated
        ? visitorEndTime(endTime, LOCALE_MAP[language])
        : (serverWrittenEnd(endTime) ?? formatEndTime(endTime, LOCALE_MAP[language], true))
      : null;

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
