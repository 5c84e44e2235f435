import { isOfflineShell } from '@/platform/offlineShell';
import { formInProgress } from './rules';

/** How often a page that opened offline asks whether the server answers again. */
export const BACK_ONLINE_RECHECK_MS = 5_000;
/** Any answer of this (even a refusal) means the server is reachable. */
const PROBE_URL = '/wps/v2/system/status';

interface BackOnlineDeps {
  /** Resolves true when the server answered. */
  reachable: () => Promise<boolean>;
  reload: () => void;
}

function fieldsBusy(win: Window): boolean {
  const fields = win.document.querySelectorAll<HTMLInputElement>('input, textarea');
  return formInProgress(fields, win.document.activeElement);
}

/**
 * A page that opened offline (the worker's shell: no data, the offline notice) comes back by itself:
 * once the browser is online and the server answers, and no form is being filled in, it reloads.
 * Started with the app (not later with the worker's code), so a network that returns in the first
 * seconds is not missed; a server still down is asked again every BACK_ONLINE_RECHECK_MS, never in a
 * reload loop.
 */
export function reloadWhenBackOnline(
  win: Window,
  deps: BackOnlineDeps = {
    reachable: () =>
      win.fetch(PROBE_URL, { cache: 'no-store', credentials: 'omit' }).then(
        () => true,
        () => false,
      ),
    reload: () => win.location.reload(),
  },
): () => void {
  if (win.navigator.onLine && !isOfflineShell(win.document)) return () => undefined;
  let timer: number | undefined;
  let stopped = false;
  const attempt = async () => {
    timer = undefined;
    if (stopped || !win.navigator.onLine) return; // the 'online' event comes back here
    if (!fieldsBusy(win) && (await deps.reachable()) && !stopped) {
      stopped = true;
      deps.reload();
      return;
    }
    if (!stopped) timer = win.setTimeout(() => void attempt(), BACK_ONLINE_RECHECK_MS);
  };
  const onOnline = () => {
    if (timer === undefined) void attempt();
  };
  win.addEventListener('online', onOnline);
  void attempt();
  return () => {
    stopped = true;
    win.clearTimeout(timer);
    win.removeEventListener('online', onOnline);
  };
}
