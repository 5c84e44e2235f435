import { lazy, Suspense, useEffect } from 'react';
import { loadWhenOnline, whenIdle } from '@/platform/idle';
import { dialogQueue } from './notices';

const loadQueuedDialog = () => import('./QueuedDialog');
// An alert queued while its code cannot be fetched (offline) waits for the network rather than
// failing the page.
const QueuedDialog = lazy(() =>
  loadWhenOnline(loadQueuedDialog).then((module) => ({ default: module.QueuedDialog })),
);

/**
 * Shows the queued alerts and confirmations. The dialog itself (the modal primitive, its styles) is
 * its own chunk, kept out of the first load: it is fetched once the page is idle after its load (or
 * at the first interaction: platform/idle.ts), so it is there before the first alert — including the
 * network-error alert of a connection that just dropped.
 */
export function DialogHost() {
  const waiting = dialogQueue.use().length > 0;
  useEffect(() => {
    let mounted = true;
    void whenIdle().then(() => {
      if (mounted) void loadQueuedDialog().catch(() => undefined);
    });
    return () => {
      mounted = false;
    };
  }, []);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <QueuedDialog />
    </Suspense>
  );
}
