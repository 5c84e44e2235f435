import { LOCALE_MAP } from '@wps/contract/languages';
import { useEffect, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useHydrated } from '@/state/hydration';
import { useSettings } from '@/state/settings';
import { CustomerServiceLink, useCustomerServiceEntry } from '@/features/customerService';
import { warmUpIntl } from '@/platform/intlWarmUp';
import './maintenance.css';

interface Props {
  kind: 'maintenance' | 'restricted';
  ip: string;
  endTime: string | null;
  /** Restricted because the member's country is not served (not the visitor's address). */
  country?: boolean;
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

/** Whether the visitor's clock shows UTC's at that moment (then the end reads the same in both). */
function clockIsUtcAt(iso: string): boolean {
  return new Date(iso).getTimezoneOffset() === 0;
}

/**
 * The end on the visitor's clock; in UTC, saying so, when that clock shows the same: then the text
 * the server wrote stays, and nothing on the page moves once it has hydrated.
 */
function visitorEndTime(iso: string, locale: string): string | null {
  return formatEndTime(iso, locale, clockIsUtcAt(iso));
}

const END_TIME_SELECTOR = '.maintenance-end time';

/**
 * The end as the server wrote it (what hydration must render: the markup must match), read from the
 * page once rather than formatted again. Null on the server and on a page the browser rendered.
 */
function serverWrittenEnd(endTime: string): string | null {
  if (typeof document === 'undefined') return null;
  const element = document.querySelector(END_TIME_SELECTOR);
  return element?.getAttribute('dateTime') === endTime ? element.textContent : null;
}

/** Shown instead of the whole app during maintenance or when the caller's location is restricted. */
export function MaintenancePage({ kind, ip, endTime, country = false }: Props) {
  const { t, language } = useT();
  const merchant = useSettings()?.merchantName ?? '';
  // The merchant's Contact Us entry for this page (csPosition MAINTENANCE), by the member's label; a
  // region page without one takes the entry of the home page, floating button or header (issue 29:
  // the page a visitor cannot leave must say whom to ask). The support chat stays open while the
  // rest of the app is closed (StatusGate).
  const placed = [
    useCustomerServiceEntry('MAINTENANCE'),
    useCustomerServiceEntry('HOME'),
    useCustomerServiceEntry('FLOATING'),
    useCustomerServiceEntry('HEADER'),
  ];
  const contact = (kind === 'restricted' ? placed.find((entry) => entry !== null) : placed[0]) ?? null;
  const hydrated = useHydrated();
  // The end as the server wrote it, kept from the hydration: while it is what the visitor should read
  // (same end, same language, a clock on UTC) it stays, and no formatter is made (a page's first
  // costs a task of ~60 ms at 4x CPU).
  const [written] = useState(() => (endTime ? { endTime, language, text: serverWrittenEnd(endTime) } : null));
  const server = written?.endTime === endTime && written.language === language ? written.text : null;
  // Another clock: the date data is loaded by a worker first (intlWarmUp.ts), and the server's text
  // stays until then.
  const [dataLoaded, setDataLoaded] = useState(false);
  const waitsForData =
    kind === 'maintenance' && hydrated && server !== null && endTime !== null && !clockIsUtcAt(endTime);
  const locale = LOCALE_MAP[language];
  useEffect(() => {
    if (!waitsForData || dataLoaded) return;
    let current = true;
    void warmUpIntl(locale).then(() => {
      if (current) setDataLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [waitsForData, dataLoaded, locale]);
  let end: string | null = null;
  if (kind === 'maintenance' && endTime) {
    if (server !== null && (!hydrated || clockIsUtcAt(endTime) || !dataLoaded)) end = server;
    else end = hydrated ? visitorEndTime(endTime, locale) : formatEndTime(endTime, locale, true);
  }

  return (
    <main className="maintenance" id="main">
      <div className="maintenance-mark" aria-hidden="true">
        {kind === 'maintenance' ? '⚙' : '⛔'}
      </div>
      <h1>{kind === 'maintenance' ? t('system_maintenance') : t('region_title')}</h1>
      <p>
        {kind === 'maintenance'
          ? t('maintenance_message')
          : country
            ? t('region_country_message', { merchant })
            : t('access_denied_message', { ip })}
      </p>
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
