import { Component, useEffect, type ReactNode } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { retryFailedScreens } from './screenRetry';

function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  // Back online: try again without waiting for a tap.
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div className="screen-error" role="alert">
      <p>{t('screen_load_failed')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

interface Props {
  children: ReactNode;
}

/**
 * Keeps the app on screen when a screen cannot be shown — typically its chunk failed to load while
 * offline: a translated message with Retry instead of a blank page, retried by itself when the
 * network returns. The layout keys it by path, so another link starts clean.
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => {
    retryFailedScreens();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <ScreenLoadFailed onRetry={this.retry} /> : this.props.children;
  }
}
