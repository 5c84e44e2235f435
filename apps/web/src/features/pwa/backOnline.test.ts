import { OFFLINE_SHELL_META } from '@wps/contract/offline';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_ONLINE_RECHECK_MS, reloadWhenBackOnline } from './backOnline';

let online = true;
beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function markShell(): void {
  const meta = document.createElement('meta');
  meta.name = OFFLINE_SHELL_META;
  meta.content = '1';
  document.head.append(meta);
}

function start(reachable: () => boolean) {
  const reload = vi.fn();
  const stop = reloadWhenBackOnline(window, { reachable: () => Promise.resolve(reachable()), reload });
  return { reload, stop };
}

const goOnline = async () => {
  online = true;
  window.dispatchEvent(new Event('online'));
  await vi.advanceTimersByTimeAsync(0);
};

describe('a page that opened offline reloads once the server answers again', () => {
  it('a page opened online, not the offline shell: never reloads', async () => {
    const { reload } = start(() => true);
    await goOnline();
    await vi.advanceTimersByTimeAsync(BACK_ONLINE_RECHECK_MS * 3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('opened offline: reloads when the network returns and the server answers', async () => {
    online = false;
    const { reload } = start(() => true);
    await vi.advanceTimersByTimeAsync(BACK_ONLINE_RECHECK_MS * 2);
    expect(reload).not.toHaveBeenCalled();
    await goOnline();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the offline shell, and the network already back when the app starts: reloads at once', async () => {
    markShell();
    const { reload } = start(() => true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('online but the server still down: asks again every few seconds, no reload loop', async () => {
    markShell();
    let serverUp = false;
    const { reload } = start(() => serverUp);
    await vi.advanceTimersByTimeAsync(BACK_ONLINE_RECHECK_MS * 3);
    expect(reload).not.toHaveBeenCalled();
    serverUp = true;
    await vi.advanceTimersByTimeAsync(BACK_ONLINE_RECHECK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BACK_ONLINE_RECHECK_MS * 3);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits while a form is being filled in, then reloads', async () => {
    online = false;
    document.body.innerHTML = '<input type="text" id="name">';
    const field = document.getElementById('name') as HTMLInputElement;
    field.value = 'typed';
    const { reload } = start(() => true);
    await goOnline();
    expect(reload).not.toHaveBeenCalled();
    field.value = '';
    await vi.advanceTimersByTimeAsync(BACK_ONLINE_RECHECK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stopped: nothing more happens', async () => {
    online = false;
    const { reload, stop } = start(() => true);
    stop();
    await goOnline();
    expect(reload).not.toHaveBeenCalled();
  });
});
