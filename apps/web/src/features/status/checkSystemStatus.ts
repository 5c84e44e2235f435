import { ErrorCode, type DomainNotAvailableData } from '@wps/contract';
import { WpsError } from '@/api/client';
import { fetchSystemStatus } from '@/api/system';
import { classifyStatus, systemStatusStore } from '@/state/systemStatus';
import { showAlert } from '@/ui/notices';
import { statusErrorNotice } from './statusNotice';

function domainOf(data: unknown): string {
  const domain = (data as Partial<DomainNotAvailableData> | null)?.domain;
  return typeof domain === 'string' ? domain : window.location.hostname;
}

/** The status check run once at start: it decides between the app, the maintenance page and the domain popup. */
export async function checkSystemStatus(): Promise<void> {
  try {
    systemStatusStore.set(classifyStatus(await fetchSystemStatus(window.location.href)));
  } catch (error) {
    if (error instanceof WpsError && error.errorCode === ErrorCode.DOMAIN_NOT_AVAILABLE) {
      systemStatusStore.set({ status: 'domainNotAvailable', domain: domainOf(error.data) });
      return;
    }
    systemStatusStore.set({ status: 'failed' });
    const notice = statusErrorNotice(error, window.location.protocol);
    void showAlert(notice.message, notice.title);
  }
}
