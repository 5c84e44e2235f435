import type { CommonSettings, SystemStatus } from '@wps/contract';
import { stripSensitiveParams } from '@/lib/navigation';
import { call, type CallOptions } from './call';

/**
 * The status check decides itself what a failure shows (spec section 8, status rows). The page URL
 * it reports loses its credentials too.
 */
export function fetchSystemStatus(
  pageUrl: string,
  attribution: { track?: string; originalDomain?: string } = {},
): Promise<SystemStatus> {
  return call(
    'status',
    {
      device: 'MOBILE',
      ...(attribution.track ? { track: attribution.track.slice(0, 200) } : {}),
      ...(attribution.originalDomain ? { originalDomain: attribution.originalDomain.slice(0, 253) } : {}),
      url: stripSensitiveParams(pageUrl).slice(0, 2048),
    },
    { noCache: true, handleErrors: false },
  );
}

/** The constants/settings call (common store); refreshed when the tab becomes visible again. */
export function fetchSettings(options: CallOptions = {}): Promise<CommonSettings> {
  return call('settings', {}, options);
}
