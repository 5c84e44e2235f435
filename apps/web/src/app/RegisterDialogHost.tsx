import { lazy, Suspense } from 'react';
import { registerDialogStore } from '@/features/session/registerDialog';

const RegisterDialog = lazy(() =>
  import('./lazyParts')
    .then((module) => module.loadRegisterDialog())
    .then((component) => ({ default: component })),
);

/** Renders the register dialog (a lazy chunk, app/lazyParts.ts) while it is open. */
export function RegisterDialogHost() {
  const open = registerDialogStore.use();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RegisterDialog />
    </Suspense>
  );
}
