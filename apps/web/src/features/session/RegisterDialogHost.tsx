import { lazy, Suspense } from 'react';
import { registerDialogStore } from './registerDialog';

const RegisterDialog = lazy(() =>
  import('./components/RegisterDialog').then((module) => ({ default: module.RegisterDialog })),
);

/** Renders the register dialog (a lazy chunk) while it is open. */
export function RegisterDialogHost() {
  const open = registerDialogStore.use();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RegisterDialog />
    </Suspense>
  );
}
