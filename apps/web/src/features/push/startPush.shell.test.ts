import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ list: [] as [string, unknown][] }));
const notices = vi.hoisted(() => ({ confirms: 0 }));

vi.mock('@/api/call', () => ({
  call: vi.fn((name: string, input: unknown) => {
    calls.list.push([name, input]);
    return Promise.resolve(null);
  }),
}));
vi.mock('@/ui/notices', () => ({
  showConfirm: vi.fn(() => {
    notices.confirms += 1;
    return Promise.resolve(true);
  }),
  showToast: vi.fn(),
}));
vi.mock('@/platform/environment', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  currentEnvironment: () => ({
    isIos: false,
    isIosWebClip: false,
    iosVersion: null,
    inAppBrowser: null,
    isNativeApp: true,
  }),
}));

import { rememberPushToken } from '@/features/nativeShell';
import { startPush } from './startPush';

describe('startPush inside the native shell', () => {
  beforeEach(() => {
    localStorage.clear();
    calls.list = [];
    notices.confirms = 0;
  });

  it("binds the shell's push token with CSP_fcmBind and never shows the browser prompt", async () => {
    rememberPushToken('fcm-shell-token-cccccccccccc:APA91b');
    await startPush(window as never);
    expect(calls.list).toEqual([['fcmBind', { registrationToken: 'fcm-shell-token-cccccccccccc:APA91b' }]]);
    expect(notices.confirms).toBe(0);
    await startPush(window as never);
    expect(calls.list).toHaveLength(1); // kept for 7 days
  });

  it('the local flag turns it off', async () => {
    rememberPushToken('fcm-shell-token-dddddddddddd:APA91b');
    localStorage.setItem('wps.pushDisabled', '1');
    await startPush(window as never);
    expect(calls.list).toEqual([]);
  });
});
