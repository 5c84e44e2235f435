import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOffRegistration, listenToShell, openExternal, parseShellMessage, postToShell } from './bridge';

afterEach(() => {
  Reflect.deleteProperty(window, 'WPSNativeBridge');
  Reflect.deleteProperty(window, 'WPSWebBridge');
  vi.restoreAllMocks();
});

function fakeShell() {
  const sent: unknown[] = [];
  Reflect.set(window, 'WPSNativeBridge', { postMessage: (json: string) => sent.push(JSON.parse(json)) });
  return sent;
}

describe('the native shell bridge', () => {
  it('posts JSON messages to WPSNativeBridge.postMessage', () => {
    const sent = fakeShell();
    expect(postToShell({ type: 'requestPushToken' })).toBe(true);
    expect(handOffRegistration({ token: 't', userName: 'amy', firstTimeLogin: true })).toBe(true);
    expect(sent).toEqual([
      { type: 'requestPushToken' },
      { type: 'registered', token: 't', userName: 'amy', firstTimeLogin: true },
    ]);
  });

  it('without a bridge nothing is posted, and an external link opens a new tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(postToShell({ type: 'ready' })).toBe(false);
    openExternal('https://example.com/');
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener');
  });

  it('with a bridge the shell opens the external link', () => {
    const sent = fakeShell();
    const open = vi.spyOn(window, 'open');
    openExternal('https://example.com/');
    expect(sent).toEqual([{ type: 'openExternal', url: 'https://example.com/' }]);
    expect(open).not.toHaveBeenCalled();
  });

  it('listens on WPSWebBridge.receive after telling the shell it is ready', () => {
    const sent = fakeShell();
    const received = vi.fn();
    const stop = listenToShell(received);
    expect(sent).toEqual([{ type: 'ready' }]);
    const web = Reflect.get(window, 'WPSWebBridge') as { receive: (message: unknown) => void };
    web.receive('{"type":"pushToken","token":"abc"}');
    web.receive({ type: 'appInfo', version: '2.4.39', platform: 'android', upgradeAvailable: true });
    web.receive({ type: 'unknown' });
    expect(received.mock.calls).toEqual([
      [{ type: 'pushToken', token: 'abc' }],
      [{ type: 'appInfo', version: '2.4.39', platform: 'android', upgradeAvailable: true }],
    ]);
    stop();
    expect(Reflect.get(window, 'WPSWebBridge')).toBeUndefined();
  });

  it.each<[unknown]>([
    ['not json'],
    [null],
    [{ type: 'appInfo', version: 2, platform: 'android' }],
    [{ type: 'appInfo', version: '1', platform: 'windows' }],
    [{ type: 'pushToken', token: '' }],
  ])('ignores %j', (raw) => {
    expect(parseShellMessage(raw)).toBeNull();
  });
});
