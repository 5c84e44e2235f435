import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ list: [] as [string, unknown][] }));
const notices = vi.hoisted(() => ({ confirm: true, toasts: [] as string[], keys: [] as string[] }));
const answers = vi.hoisted(() => ({ bind: null as Error | null }));

vi.mock('@/api/call', () => ({
  call: vi.fn((name: string, input: unknown) => {
    calls.list.push([name, input]);
    if (name === 'fcmBind' && answers.bind) return Promise.reject(answers.bind);
    return Promise.resolve(name === 'pushPublicKey' ? { publicKey: 'BAAA' } : null);
  }),
}));
vi.mock('@/ui/notices', () => ({
  showConfirm: vi.fn(() => Promise.resolve(notices.confirm)),
  showToast: vi.fn((id: string, message: { key: string }) => {
    notices.toasts.push(id);
    notices.keys.push(message.key);
  }),
}));

import { startPush } from './startPush';

const subscription = {
  endpoint: 'https://push.example/1',
  // 'BAAA', the merchant key the mocked pushPublicKey answers.
  options: { applicationServerKey: new Uint8Array([4, 0, 0]).buffer },
  unsubscribe: () => Promise.resolve(true),
  toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
};

function pushWindow(
  permissionAfterAsk: NotificationPermission,
  current: NotificationPermission = 'default',
  worker = true,
) {
  let subscribed: typeof subscription | null = null;
  const subscribe = vi.fn(() => {
    subscribed = subscription;
    return Promise.resolve(subscription);
  });
  const notification = {
    permission: current,
    requestPermission: vi.fn(() => {
      notification.permission = permissionAfterAsk;
      return Promise.resolve(permissionAfterAsk);
    }),
  };
  Object.assign(window, { Notification: notification, PushManager: function PushManager() {} });
  Object.defineProperty(window.navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({
        pushManager: { getSubscription: () => Promise.resolve(subscribed), subscribe },
      }),
      getRegistration: () => Promise.resolve(worker ? {} : undefined),
    },
  });
  return { subscribe, notification };
}

describe('startPush (the permission prompt and bind)', () => {
  const today = () => new Date(2026, 10, 23, 12);
  beforeEach(() => {
    localStorage.clear();
    calls.list = [];
    notices.toasts = [];
    notices.keys = [];
    notices.confirm = true;
    answers.bind = null;
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: true });
  });
  afterEach(() => vi.clearAllMocks());

  it('granted: subscribes with the merchant key and binds the subscription as registrationToken', async () => {
    const { subscribe } = pushWindow('granted');
    await startPush(window as never, today);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(calls.list).toEqual([
      ['pushPublicKey', {}],
      ['fcmBind', { registrationToken: JSON.stringify(subscription.toJSON()) }],
    ]);
    expect(localStorage.getItem('wps.notificationPromptClosedOn')).toBe('2026-11-23');
  });

  it('denied: closes and shows the tip, nothing bound', async () => {
    pushWindow('denied');
    await startPush(window as never, today);
    expect(notices.toasts).toEqual(['push-denied']);
    expect(calls.list).toEqual([]);
  });

  it('Not now: stores the day; asked again the next day only', async () => {
    notices.confirm = false;
    const { notification } = pushWindow('granted');
    await startPush(window as never, today);
    await startPush(window as never, today);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    notices.confirm = true;
    await startPush(window as never, () => new Date(2026, 10, 24, 9));
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('granted and bound less than 7 days ago: not bound again; after 7 days it is', async () => {
    pushWindow('granted', 'granted');
    await startPush(window as never, today);
    await startPush(window as never, today);
    expect(calls.list.filter(([name]) => name === 'fcmBind')).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem('wps.pushInstallation') ?? '{}') as {
      authToken: { createdAt: number };
    };
    expect(stored).toMatchObject({
      status: 2,
      id: 'BAAA',
      authToken: { status: 2, endpoint: subscription.endpoint },
    });
    stored.authToken.createdAt -= 7 * 86_400_000;
    localStorage.setItem('wps.pushInstallation', JSON.stringify(stored));
    await startPush(window as never, today);
    expect(calls.list.filter(([name]) => name === 'fcmBind')).toHaveLength(2);
  });

  it('no service worker registered (yet): no prompt on this page', async () => {
    const { notification } = pushWindow('granted', 'default', false);
    await startPush(window as never, today);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(localStorage.getItem('wps.notificationPromptClosedOn')).toBeNull();
  });

  it('the local flag: no prompt at all', async () => {
    localStorage.setItem('wps.pushDisabled', '1');
    const { notification } = pushWindow('granted');
    await startPush(window as never, today);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(calls.list).toEqual([]);
  });

  it.each([
    ['a bind refused with 404 (the backend no longer knows the device)', 404, 'push_error_not_registered'],
    ['a bind refused with 401', 401, 'push_error_not_registered'],
    ['a bind failing with 500', 500, 'push_error_token_subscribe_failed'],
  ])('granted, then %s: the translated push error', async (_name, status, key) => {
    answers.bind = Object.assign(new Error('refused'), { status });
    pushWindow('granted');
    await startPush(window as never, today);
    expect(notices.keys).toEqual([key]);
    const stored = JSON.parse(localStorage.getItem('wps.pushInstallation') ?? 'null') as { status: number };
    expect(stored.status).toBe(status === 500 ? 2 : 0);
  });

  it('granted while offline: app-offline, nothing asked of the server', async () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: false });
    pushWindow('granted');
    await startPush(window as never, today);
    expect(notices.keys).toEqual(['push_error_app_offline']);
    expect(calls.list).toEqual([]);
  });
});
