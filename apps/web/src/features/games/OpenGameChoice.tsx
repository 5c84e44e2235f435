import { lazy, Suspense } from 'react';
import type { GameOpener } from './useOpenGame';

const OpenGameDialog = lazy(() =>
  import('./OpenGameDialog').then((module) => ({ default: module.OpenGameDialog })),
);

/**
 * The free-play choice of a visitor's game card. The dialog is its own chunk, fetched on the first
 * tap: the lobby's first load carries the cards, not the dialog.
 */
export function OpenGameChoice({ opener }: { opener: GameOpener }) {
  if (!opener.choice) return null;
  return (
    <Suspense fallback={null}>
      <OpenGameDialog opener={opener} />
    </Suspense>
  );
}
