import { SystemPath, type CommonSettings, type SystemStatus } from '@wps/contract';
import { wpsGet } from './client';

export function fetchSystemStatus(pageUrl: string): Promise<SystemStatus> {
  return wpsGet<SystemStatus>(SystemPath.status, {
    query: { device: 'MOBILE', url: pageUrl.slice(0, 2048) },
    noCache: true,
  });
}

export function fetchSettings(): Promise<CommonSettings> {
  return wpsGet<CommonSettings>(SystemPath.settings);
}
