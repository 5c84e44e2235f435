import { systemStatusStore } from '@/state/systemStatus';

/**
 * The server refused a call because the member's country is not one the merchant serves (issue 29
 * item 8): the site closes as for a restricted region (StatusGate shows the region page with the
 * merchant's contact), whatever screen made the call.
 */
export function closeForCountry(): void {
  const current = systemStatusStore.get();
  const value =
    'value' in current
      ? current.value
      : { maintenance: false, maintenanceEnd: null, regionRestriction: true, ip: '', merchantCode: '' };
  systemStatusStore.set({ status: 'restricted', value, reason: 'country' });
}
