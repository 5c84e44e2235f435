import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_SHELL_META } from '@wps/contract/offline';
import { toasts } from '@/ui/notices';
import { watchConnectivity } from './watchConnectivity';

function setOnLine(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

function markOfflineShell(marked: boolean): void {
  document.head.querySelector(`meta[name="${OFFLINE_SHELL_META}"]`)?.remove();
  if (!marked) return;
  const meta = document.createElement('meta');
  meta.name = OFFLINE_SHELL_META;
  document.head.append(meta);
}

const offlineToastShown = () => toasts.get().some((toast) => toast.id === 'network-offline');

describe('watchConnectivity', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    markOfflineShell(false);
    setOnLine(true);
    toasts.set([]);
  });

  it.each([
    ["online, the server's page", true, false, false],
    ["offline, the server's page", false, false, true],
    // The worker answered with its shell because the network failed, yet onLine claims otherwise
    // (a captive portal, a server out of reach).
    ['online by the flag, the offline shell', true, true, true],
    ['offline, the offline shell', false, true, true],
  ])('%s: the offline toast at start is %s', (_case, online, shell, shown) => {
    setOnLine(online);
    markOfflineShell(shell);
    stop = watchConnectivity(window);
    expect(offlineToastShown()).toBe(shown);
  });

  it('comes with the offline event and goes with the online event', () => {
    stop = watchConnectivity(window);
    expect(offlineToastShown()).toBe(false);
    window.dispatchEvent(new Event('offline'));
    expect(offlineToastShown()).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(offlineToastShown()).toBe(false);
  });

  it('listens no more once stopped', () => {
    watchConnectivity(window)();
    window.dispatchEvent(new Event('offline'));
    expect(offlineToastShown()).toBe(false);
  });
});
