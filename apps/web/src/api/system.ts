import {
  SystemExtraPath,
  SystemMiscPath,
  SystemPath,
  type CommonSettings,
  type Country,
  type DomainRoute,
  type SystemStatus,
} from '@wps/contract';
import { stripSensitiveParams } from '../routes/navigation';
import { get, post, type PostOptions, type RequestOptions } from './client';

/**
 * The status check decides itself what a failure shows (spec section 8, status rows). The page URL
 * it reports loses its credentials too.
 */
export function fetchSystemStatus(pageUrl: string): Promise<SystemStatus> {
  return get<SystemStatus>(SystemPath.status, {
    query: { device: 'MOBILE', url: stripSensitiveParams(pageUrl).slice(0, 2048) },
    noCache: true,
    handleErrors: false,
  });
}

/** The constants/settings call (common store); refreshed when the tab becomes visible again. */
export function fetchSettings(options: RequestOptions = {}): Promise<CommonSettings> {
  return get<CommonSettings>(SystemPath.settings, options);
}

export function fetchCountries(): Promise<Country[]> {
  return get<Country[]>(SystemPath.country);
}

export function fetchDomainRoute(): Promise<DomainRoute> {
  return get<DomainRoute>(SystemPath.domainRoute, { query: { device: 'MOBILE' } });
}

/** The event-reporting fallback: 15 s abort. */
export function ping(events: string, options: RequestOptions = {}): Promise<unknown> {
  return get<unknown>(SystemMiscPath.ping, { ...options, query: { events }, kind: 'ping', noCache: true });
}

export interface CollectBody {
  merchant?: string | null;
  value: string | Record<string, unknown>;
}

/** POST /wps/system/collect through the client (the beacon itself is the tracking feature's). */
export function collect(body: CollectBody, options: PostOptions = {}): Promise<null> {
  return post<null>(SystemExtraPath.collect, body, options);
}
