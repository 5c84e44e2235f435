import { beforeEach, describe, expect, it, vi } from 'vitest';
import { movementEventId } from '@wps/contract/tracking';
import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { MIRRORED_KEPT, mirrorServerEvent } from './marketing';
import { trackWithPixels } from './pixels';

vi.mock('./pixels', () => ({ trackWithPixels: vi.fn() }));

const pixels = vi.mocked(trackWithPixels);

describe('money events the server recorded, mirrored to the ad pixels', () => {
  beforeEach(() => {
    window.localStorage.clear();
    pixels.mockClear();
  });

  it.each([
    ['deposit', 'AbCdEfGhIjKlMnOp', 99],
    ['firstDepositArrival', 'AbCdEfGhIjKlMnOp', 99],
    ['redeposit', 'zz_--09AAAAAAAAA', 99],
    ['withdraw', 'WwWwWwWwWwWwWwWw', undefined],
  ] as const)('%s of %s: the server’s event id, content id %s', (name, movementId, contentId) => {
    const event = mirrorServerEvent(name, movementId, { amount: 150 });
    expect(event?.id).toBe(movementEventId(movementId, name));
    expect(pixels).toHaveBeenCalledExactlyOnceWith(event);
    expect(event?.payload.amount).toBe(150);
    expect(event?.payload.contentId).toBe(contentId);
    // The server keeps its own copy: nothing waits to be sent to it.
    expect(window.localStorage.getItem(LazyStorageKey.marketingQueue)).toBeNull();
  });

  it('goes once per device: the page shown again after the success sends nothing more', () => {
    expect(mirrorServerEvent('deposit', 'AbCdEfGhIjKlMnOp')).not.toBeNull();
    expect(mirrorServerEvent('deposit', 'AbCdEfGhIjKlMnOp')).toBeNull();
    // The same deposit's other event, and another deposit, still go.
    expect(mirrorServerEvent('redeposit', 'AbCdEfGhIjKlMnOp')).not.toBeNull();
    expect(mirrorServerEvent('deposit', 'QrStUvWxYz012345')).not.toBeNull();
    expect(pixels).toHaveBeenCalledTimes(3);
  });

  it(`remembers the latest ${MIRRORED_KEPT} ids only`, () => {
    for (let n = 0; n <= MIRRORED_KEPT; n += 1)
      mirrorServerEvent('deposit', `movement${String(n).padStart(8, '0')}`);
    const kept = JSON.parse(window.localStorage.getItem(LazyStorageKey.mirroredEvents) ?? '[]') as string[];
    expect(kept).toHaveLength(MIRRORED_KEPT);
    expect(kept).not.toContain(movementEventId('movement00000000', 'deposit'));
  });

  it('a stored list that is not a list of ids is started again', () => {
    window.localStorage.setItem(LazyStorageKey.mirroredEvents, '{"x":1}');
    expect(mirrorServerEvent('deposit', 'AbCdEfGhIjKlMnOp')).not.toBeNull();
  });
});
