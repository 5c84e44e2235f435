import { afterEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/errors';
import * as system from '@/api/system';
import { systemStatusStore } from '@/state/systemStatus';
import { dialogQueue } from '@/ui/notices';
import { checkSystemStatus } from './checkSystemStatus';

vi.mock('@/api/system', () => ({ fetchSystemStatus: vi.fn() }));
// The failure text's chunk cannot be fetched (the network is gone).
vi.mock('./statusNotice', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  for (const dialog of dialogQueue.get()) dialog.resolve(true);
  systemStatusStore.set({ status: 'checking' });
});

describe('the status check fails and its failure text cannot be fetched', () => {
  it('still alerts: the network error', async () => {
    vi.mocked(system.fetchSystemStatus).mockRejectedValueOnce(
      new WpsError(500, 'internal_error', 'Server busy'),
    );
    await checkSystemStatus();
    expect(systemStatusStore.get().status).toBe('failed');
    expect(dialogQueue.get().map(({ title, message }) => ({ title, message }))).toEqual([
      { title: { key: 'notice' }, message: { key: 'network_error' } },
    ]);
  });
});
