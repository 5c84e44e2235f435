import type { SystemStatus } from '@wps/contract';
import type { Merchant } from './repository.js';

/** In maintenance when now is inside [start, end); a null end keeps it open until cleared. */
export function maintenanceState(
  merchant: Merchant,
  now: Date,
): Pick<SystemStatus, 'maintenance' | 'maintenanceEnd'> {
  const { maintenanceStart: start, maintenanceEnd: end } = merchant;
  const inside = start !== null && start <= now && (end === null || now < end);
  return { maintenance: inside, maintenanceEnd: inside && end !== null ? end.toISOString() : null };
}

export function systemStatus(merchant: Merchant, ip: string, now: Date): SystemStatus {
  return {
    ...maintenanceState(merchant, now),
    regionRestriction: merchant.region.isRestricted(ip),
    ip,
    merchantCode: merchant.code,
  };
}
