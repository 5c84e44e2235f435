import { DOMAIN_NOT_AVAILABLE } from '@wps/contract/errors';
import { STATUS_LATENCY_REPORT_MS } from '@wps/contract/constants';
import type { DomainNotAvailableData } from '@wps/contract/system';
import { WpsError } from '@/api/client';
import { fetchSystemStatus } from '@/api/system';
import { getRegistrationInfo, getStoredKeptParams } from '@/platform/arrival';
import { reportStatusLatencyLater } from '@/features/tracking';
import { classifyStatus, systemStatusStore } from '@/state/systemStatus';
import { showAlert } from '@/ui/notices';
import type { StatusErrorNotice } from './statusNotice';

function domainOf(data: unknown): string {
  const domain = (data as Partial<DomainNotAvailableData> | null)?.domain;
  return typeof domain === 'string' ? domain : window.location.hostname;
}

/** The official site the server names, when it is an https address (a link is never made to anything else). */
export function officialUrlOf(data: unknown): string | null {
  const url = (data as Partial<DomainNotAvailableData> | null)?.officialUrl;
  if (typeof url !== 'string' || url.length > 2048) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === ''
      ? parsed.href
      : null;
  } catch {
    return null;
  }
}

/** What the failed check shows when not even the notice's chunk can be fetched: no network. */
const UNREACHABLE_NOTICE: StatusErrorNotice = {
  title: { key: 'notice' },
  message: { key: 'network_error' },
};

/** The status check run once at start: it decides between the app, the maintenance page and the domain popup. */
export async function checkSystemStatus(): Promise<void> {
  try {
    const url = window.location.href;
    const started = Date.now();
    // The names of the tracking parameters this visit carries, and the affiliate's domain.
    const status = await fetchSystemStatus(
      url,
      Object.keys(getStoredKeptParams()).join(),
      getRegistrationInfo()?.originalDomain ?? window.location.hostname,
    );
    const took = Date.now() - started;
    if (took > STATUS_LATENCY_REPORT_MS) {
      reportStatusLatencyLater(took, url);
    }
    systemStatusStore.set(classifyStatus(status));
  } catch (error) {
    if (error instanceof WpsError && error.errorCode === DOMAIN_NOT_AVAILABLE) {
      systemStatusStore.set({
        status: 'domainNotAvailable',
        domain: domainOf(error.data),
        officialUrl: officialUrlOf(error.data),
      });
      return;
    }
    // The network went away (the offline notice says so, the page stays as it is): checked again
    // once it is back, rather than alerting a failure the member can do nothing about.
    if (!window.navigator.onLine) {
      window.addEventListener('online', () => void checkSystemStatus(), { once: true });
      return;
    }
    systemStatusStore.set({ status: 'failed' });
    // Which text it is: its own chunk, fetched only when the check fails.
    const notice = await import('./statusNotice').then(
      (module) => module.statusErrorNotice(error, window.location.protocol),
      () => UNREACHABLE_NOTICE,
    );
    void showAlert(notice.message, notice.title);
  }
}
