import { lazy, Suspense, useEffect } from 'react';
import { dialogQueue } from './notices';

const loadQueuedDialog = () => import('./QueuedDialog');
const QueuedDialog = lazy(() => loadQueuedDialog().then((module) => ({ default: module.QueuedDialog })));

/**
 * Shows the queued alerts and confirmations. The dialog itself (the modal primitive, its styles) is
 * its own chunk, kept out of the first load: it is fetched once the page is idle, so it is there
 * before the first alert — including the network-error alert of a connection that just dropped.
 */
export function DialogHost() {
  const waiting = dialogQueue.use().length > 0;
  useEffect(() => {
    const fetchEarly = () => void loadQueuedDialog().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(fetchEarly, { timeout: 3_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(fetchEarly, 1_500);
    return () => clearTimeout(timer);
  }, []);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <QueuedDialog />
    </Suspense>
  );
}
