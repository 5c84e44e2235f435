import { useLocation } from 'react-router';
import { getStoredKeptParams } from '@/platform/arrival';
import { collectKeptParams, withKeptParams } from '@/lib/navigation';

/** The tracking and referral parameters the current navigation must carry on (spec section 2). */
export function useKeptParams(): Record<string, string> {
  const { search } = useLocation();
  return collectKeptParams(search, getStoredKeptParams());
}

export function useKeptHref(to: string): string {
  return withKeptParams(to, useKeptParams());
}
