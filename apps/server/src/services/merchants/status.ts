import type { SystemStatus } from '@wps/contract/system';
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

/** Verdicts kept per merchant object: past this many ips, its map starts over (hostile ips cannot grow it). */
export const REGION_VERDICTS_PER_MERCHANT = 4_096;

/**
 * Region verdicts by ip, per merchant object: the directory hands out a new object when it reloads a
 * merchant, so a changed rule is never answered from here, and the verdicts go with the old object.
 * A range check builds a socket address per list: a map lookup is what every status call after the
 * first of an ip costs.
 */
const regionVerdicts = new WeakMap<Merchant, Map<string, boolean>>();

export function isRegionRestricted(merchant: Merchant, ip: string): boolean {
  let verdicts = regionVerdicts.get(merchant);
  if (verdicts === undefined) {
    verdicts = new Map();
    regionVerdicts.set(merchant, verdicts);
  }
  let restricted = verdicts.get(ip);
  if (restricted === undefined) {
    restricted = merchant.region.isRestricted(ip);
    if (verdicts.size >= REGION_VERDICTS_PER_MERCHANT) verdicts.clear();
    verdicts.set(ip, restricted);
  }
  return restricted;
}

export function systemStatus(merchant: Merchant, ip: string, now: Date): SystemStatus {
  // Named fields, not a spread: a spread of a fresh object is a slow path on the busiest call.
  const { maintenance, maintenanceEnd } = maintenanceState(merchant, now);
  return {
    maintenance,
    maintenanceEnd,
    regionRestriction: isRegionRestricted(merchant, ip),
    ip,
    merchantCode: merchant.code,
  };
}
