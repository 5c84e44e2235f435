import { useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { QrCode } from '@/ui/QrCode';
import './shareLink.css';

type Shared = 'idle' | 'copied' | 'failed';

/**
 * A link to pass on (the referral link, an agent's downline link): the address, its QR code, Share
 * through the Web Share API where the browser has it, and Copy (also the fallback when sharing is
 * refused or missing) with a spoken confirmation.
 */
export function ShareLink({
  url,
  title,
  text,
  qrLabel,
  testId,
}: {
  url: string;
  title: string;
  text: string;
  qrLabel: string;
  testId: string;
}) {
  const { t } = useT();
  const [shared, setShared] = useState<Shared>('idle');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch {
      setShared('failed');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      // The person closed the sheet: nothing to do. Anything else: copy instead.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <div className="share-link">
      <QrCode text={url} label={qrLabel} size={180} className="share-qr" testId={`${testId}-qr`} />
      <input
        className="share-url"
        readOnly
        value={url}
        aria-label={title}
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="share-actions">
        {canShare && (
          <button type="button" className="button button-primary" onClick={() => void share()}>
            {t('referral_share')}
          </button>
        )}
        <button
          type="button"
          className={canShare ? 'button button-ghost' : 'button button-primary'}
          onClick={() => void copy()}
        >
          {t('referral_copy')}
        </button>
      </div>
      <p className="share-status" role="status">
        {shared === 'copied' && t('referral_copied')}
        {shared === 'failed' && t('referral_copy_failed')}
      </p>
    </div>
  );
}
