import { I18nProvider } from '@/i18n/I18nProvider';
import { createRoot } from '@/platform/reactDom';
import { languageStore } from '@/state/language';
import { StartInAppDialog } from './StartInAppDialog';

function Root({ onDone }: { onDone: () => void }) {
  const language = languageStore.use();
  if (!language) return null;
  return (
    <I18nProvider language={language.language} catalog={language.catalog}>
      <StartInAppDialog onDone={onDone} />
    </I18nProvider>
  );
}

let open: Promise<void> | null = null;

/**
 * Shows the start-in-app dialog in a React root of its own (both ways into a game raise it from a
 * callback, outside any screen); resolves when it is closed. One at a time: a second call while it is
 * open gets the same promise.
 */
export function openStartInAppDialog(): Promise<void> {
  if (open !== null) return open;
  open = new Promise<void>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    let closed = false;
    const done = () => {
      if (closed) return;
      closed = true;
      open = null;
      resolve();
      // Not while React is handling the click that closed it.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 0);
    };
    root.render(<Root onDone={done} />);
  });
  return open;
}
