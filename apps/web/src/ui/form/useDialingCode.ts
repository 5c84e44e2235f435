import { useState } from 'react';
import { useSettings } from '@/state/settings';

/** The dialing code field's state, starting at the merchant's country dialing code. */
export function useDialingCode(): [string, (value: string) => void] {
  const settings = useSettings();
  const [chosen, setChosen] = useState<string | null>(null);
  return [chosen ?? settings?.countryDialingCode ?? '', setChosen];
}
