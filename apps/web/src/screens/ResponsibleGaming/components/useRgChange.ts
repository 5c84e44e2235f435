import { useRef, useState } from 'react';
import type { ResponsibleGamingStatus } from '@wps/contract/trust';
import { rgErrorKey, rgStatusQuery } from '@/features/responsibleGaming';
import type { MessageKey } from '@/i18n';
import { setQueryData } from '@/queries/changes';

/**
 * Runs one change of the member's responsible-gaming settings: one at a time, its answer (the whole
 * status) replaces the screen's data, a refusal becomes a translated message.
 */
export function useRgChange(): {
  busy: boolean;
  error: MessageKey | null;
  clearError: () => void;
  run: (change: () => Promise<ResponsibleGamingStatus>) => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const inFlight = useRef(false);
  const run = async (change: () => Promise<ResponsibleGamingStatus>) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const status = await change();
      setQueryData(rgStatusQuery, () => status);
      return true;
    } catch (caught) {
      setError(rgErrorKey(caught));
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}
