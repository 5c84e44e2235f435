import { useState } from 'react';
import { useT } from '@/i18n/I18nProvider';

/** A text to copy (a key, codes) with a Copy button; the text stays selectable where copying is refused. */
export function CopyText({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="settings-copy">
      <code className="settings-code" aria-label={label} data-testid={testId}>
        {text}
      </code>
      <button type="button" className="button button-ghost" onClick={() => void copy()}>
        {copied ? t('security_copied') : t('security_copy')}
      </button>
    </div>
  );
}
