import { ErrorCode } from '@wps/contract/errorCodes';
import type { SystemStatus } from '@wps/contract/system';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR, WpsError } from '@/api/errors';
import * as system from '@/api/system';
import { systemStatusStore, type SystemStatusState } from '@/state/systemStatus';
import { dialogQueue, type NoticeText } from '@/ui/notices';
import { checkSystemStatus, officialUrlOf } from './checkSystemStatus';

vi.mock('@/api/system', () => ({ fetchSystemStatus: vi.fn() }));
const fetchSystemStatus = vi.mocked(system.fetchSystemStatus);

const open: SystemStatus = {
  maintenance: false,
  maintenanceEnd: null,
  regionRestriction: false,
  ip: '203.0.113.7',
  merchantCode: 'aurora',
};

afterEach(() => {
  for (const dialog of dialogQueue.get()) dialog.resolve(true);
  systemStatusStore.set({ status: 'checking' });
});

describe('the start-up status check (its failure text is its own chunk)', () => {
  it.each<
    [
      string,
      () => Promise<SystemStatus>,
      SystemStatusState['status'],
      { title: NoticeText; message: NoticeText } | null,
    ]
  >([
    ['open: nothing shown', () => Promise.resolve(open), 'open', null],
    [
      'maintenance: the maintenance page',
      () => Promise.resolve({ ...open, maintenance: true }),
      'maintenance',
      null,
    ],
    [
      'an unknown domain: its popup, no alert',
      () =>
        Promise.reject(
          new WpsError(400, ErrorCode.DOMAIN_NOT_AVAILABLE, 'no', { data: { domain: 'x.test' } }),
        ),
      'domainNotAvailable',
      null,
    ],
    [
      "the server's error: Confirmation with its message",
      () => Promise.reject(new WpsError(500, 'internal_error', 'Server busy')),
      'failed',
      { title: { key: 'confirmation' }, message: { text: 'Server busy' } },
    ],
    [
      'no answer over http: the network error',
      () => Promise.reject(new WpsError(0, NETWORK_ERROR, 'network error')),
      'failed',
      { title: { key: 'notice' }, message: { key: 'network_error' } },
    ],
  ])('%s', async (_name, answer, status, alert) => {
    fetchSystemStatus.mockImplementationOnce(answer);
    await checkSystemStatus();
    expect(systemStatusStore.get().status).toBe(status);
    const shown = dialogQueue.get().map(({ title, message }) => ({ title, message }));
    expect(shown).toEqual(alert === null ? [] : [alert]);
  });
});

describe('the check fails because the network went away', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('alerts nothing, and checks again once the network is back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fetchSystemStatus.mockRejectedValueOnce(new WpsError(0, NETWORK_ERROR, 'Failed to fetch'));
    await checkSystemStatus();
    expect(dialogQueue.get()).toEqual([]);
    expect(systemStatusStore.get().status).toBe('checking');

    onLine.mockReturnValue(true);
    fetchSystemStatus.mockResolvedValueOnce({ ...open, maintenance: true });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(systemStatusStore.get().status).toBe('maintenance'));
    expect(dialogQueue.get()).toEqual([]);
  });
});

describe('officialUrlOf: the way out is only ever an https link', () => {
  it.each([
    [{ domain: 'x', officialUrl: 'https://official.example/' }, 'https://official.example/'],
    [
      { domain: 'x', officialUrl: 'https://official.example/m/home?a=1' },
      'https://official.example/m/home?a=1',
    ],
    [{ domain: 'x', officialUrl: 'http://official.example/' }, null],
    [{ domain: 'x', officialUrl: 'javascript:alert(1)' }, null],
    [{ domain: 'x', officialUrl: 'https://user:pw@evil.example/' }, null],
    [{ domain: 'x', officialUrl: '//evil.example' }, null],
    [{ domain: 'x', officialUrl: 42 }, null],
    [{ domain: 'x', officialUrl: `https://a.example/${'x'.repeat(3000)}` }, null],
    [{ domain: 'x' }, null],
    [null, null],
  ])('%j → %s', (data, expected) => {
    expect(officialUrlOf(data)).toBe(expected);
  });
});
