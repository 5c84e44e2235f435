import { useSyncExternalStore } from 'react';
import { useLocation } from '@/platform/router';
import { getStoredKeptParams } from '@/platform/arrival';
import { collectKeptParams, withKeptParams } from '@/lib/navigation';

const NONE = '{}';
const never = () => () => undefined;
const storedAsText = () => JSON.stringify(getStoredKeptParams());
const noneOnServer = () => NONE;

/**
 * The tracking and referral parameters the current navigation must carry on (spec section 2). The
 * ones this visit stored join once the page is hydrated (the server only knows the address); as
 * text, so a visit with none stored renders the links once, not again after hydration.
 */
export function useKeptParams(): Record<string, string> {
  const { search } = useLocation();
  const stored = useSyncExternalStore(never, storedAsText, noneOnServer);
  return collectKeptParams(search, stored === NONE ? {} : (JSON.parse(stored) as Record<string, string>));
}

export function useKeptHref(to: string): string {
  return withKeptParams(to, useKeptParams());
}
