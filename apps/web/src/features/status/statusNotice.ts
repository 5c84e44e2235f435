import { WpsError, NETWORK_ERROR, TIMEOUT_ERROR } from '@/api/client';
import type { NoticeText } from '@/ui/notices';

export interface StatusErrorNotice {
  title: NoticeText;
  message: NoticeText;
}

/**
 * What the user sees when the start-up status check fails (spec section 8): an alert titled
 * Confirmation with the server message when the server answered an error code, or on a page not
 * served over http(s) (the native shell's file pages) the no-network message; otherwise the
 * 'Network Error / CORS Errors' text.
 */
export function statusErrorNotice(error: unknown, protocol: string): StatusErrorNotice {
  const serverAnswered =
    error instanceof WpsError && error.errorCode !== NETWORK_ERROR && error.errorCode !== TIMEOUT_ERROR;
  const onHttpPage = protocol === 'http:' || protocol === 'https:';
  if (serverAnswered || !onHttpPage) {
    const message: NoticeText =
      serverAnswered && error.message ? { text: error.message } : { key: 'internet_lost' };
    return { title: { key: 'confirmation' }, message };
  }
  return { title: { key: 'notice' }, message: { key: 'network_error' } };
}
