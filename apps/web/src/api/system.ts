import type { CommonSettings, SystemStatus } from '@wps/contract/system';
import { stripSensitiveParams } from '@/lib/navigation';
import { call, type CallOptions } from './call';

/**
 * The status check decides itself what a failure shows (spec section 8, status rows). The page URL
 * it reports loses its credentials too.
 */
export function fetchSystemStatus(
  pageUrl: string,
  track?: string,
  originalDomain?: string,
): Promise<SystemStatus> {
  return call(
    'status',
    // Empty values are left out of the query (api/url.ts drops undefined).
    {
      device: 'MOBILE',
      track: track?.slice(0, 200) || undefined,
      originalDomain,
      url: stripSensitiveParams(pageUrl).slice(0, 2048),
    },
    { noCache: true, handleErrors: false },
  );
}

/** The constants/settings call (common store); refreshed when the tab becomes visible again. */
export function fetchSettings(options: CallOptions = {}): Promise<CommonSettings> {
  return call('settings', {}, options);
}
