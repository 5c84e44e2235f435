import { useEffect } from 'react';
import { trackEvent } from './trackEvent';

/** viewContent once per mount of a content screen (a promotion, a game list). */
export function useTrackView(content: string): void {
  useEffect(() => {
    trackEvent('viewContent', { content });
  }, [content]);
}
