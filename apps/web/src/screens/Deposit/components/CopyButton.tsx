import { useState } from 'react';
import { useT } from '@/i18n/I18nProvider';

/**
 * Copies `text`, then says so (or that it could not) in a live region next to it. The button is
 * named "Copy <label>"; `showLabel` shows the label too (where two copy buttons sit side by side).
 */
export function CopyButton({
  text,
  label,
  showLabel = false,
}: {
  text: string;
  label: string;
  showLabel?: boolean;
}) {
  const { t } = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="cashier-copy">
      <button
        type="button"
        className="button button-ghost"
        aria-label={showLabel ? undefined : `${t('cashier_copy')} ${label}`}
        onClick={() => void copy()}
      >
        {t('cashier_copy')}
        {showLabel && ` ${label}`}
      </button>
      <span role="status" className="cashier-copy-state">
        {state === 'copied' && t('cashier_copied')}
        {state === 'failed' && t('cashier_copy_failed')}
      </span>
    </span>
  );
}
