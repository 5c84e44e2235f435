import { lazy, Suspense } from 'react';
import { createRoot } from '@/platform/reactDom';
import { I18nProvider } from '@/i18n/I18nProvider';
import { currentEnvironment } from '@/platform/environment';
import { languageStore } from '@/state/language';
import PwaExtras from './PwaExtras';

const NativeShellHost = lazy(() => import('@/features/nativeShell/NativeShellHost'));

function PwaRoot({ nativeApp }: { nativeApp: boolean }) {
  const language = languageStore.use();
  if (!language) return null;
  return (
    <I18nProvider language={language.language} catalog={language.catalog}>
      <PwaExtras />
      {nativeApp && (
        <Suspense fallback={null}>
          <NativeShellHost />
        </Suspense>
      )}
    </I18nProvider>
  );
}

/**
 * The download bar (group m_top, at the top of the page), the install sheets and, inside the native
 * shell, the shell bridge with its upgrade modal: a React root of their own, mounted by the lazy
 * `startPwa` chunk after the first paint, so none of it is in the first-load JavaScript.
 */
export function mountPwaExtras(doc: Document): void {
  if (doc.getElementById('pwa-top')) return;
  const host = doc.createElement('div');
  host.id = 'pwa-top';
  doc.body.prepend(host);
  createRoot(host).render(<PwaRoot nativeApp={currentEnvironment().isNativeApp} />);
}
