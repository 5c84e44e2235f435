import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitTransportEvent } from '@/api/events';
import { StorageKey, localStore } from '@/platform/storage';
import { clearSession, getToken } from '@/state/session';
import { deferred } from '@/test/deferred';
import { memberSession, signIn } from '@/test/sessionFixture';
import type * as TokenEffects from './tokenEffects';
import { watchTokenLater } from './watchTokenLater';

type Effects = Pick<typeof TokenEffects, 'watchTokenPresence'>;

function effects() {
  const stopPresence = vi.fn();
  const module: Effects = { watchTokenPresence: vi.fn(() => stopPresence) };
  return { module, stopPresence };
}

/** Lets a chunk that has arrived run what waited for it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: () => void = () => undefined;
beforeEach(() => clearSession());
afterEach(() => {
  stop();
  clearSession();
});

describe("the token's effects are a member's: their chunk comes with the first token", () => {
  it.each<[string, boolean, boolean]>([
    ['a visitor: not fetched', false, false],
    ['a member at start: fetched at once and started', true, true],
  ])('%s', async (_name, member, fetched) => {
    if (member) signIn();
    const { module } = effects();
    const load = vi.fn(() => Promise.resolve(module));
    stop = watchTokenLater(load);
    await settle();
    expect(load).toHaveBeenCalledTimes(fetched ? 1 : 0);
    expect(module.watchTokenPresence).toHaveBeenCalledTimes(fetched ? 1 : 0);
  });

  it('a visitor who signs in: fetched then, once, and it follows the token from there', async () => {
    const { module } = effects();
    const load = vi.fn(() => Promise.resolve(module));
    stop = watchTokenLater(load);
    signIn('first');
    signIn('second');
    clearSession();
    signIn('third');
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(module.watchTokenPresence).toHaveBeenCalledOnce();
  });

  it('stopped before the chunk arrives: nothing starts', async () => {
    signIn();
    const { module } = effects();
    const chunk = deferred<Effects>();
    stop = watchTokenLater(() => chunk.promise);
    stop();
    chunk.resolve(module);
    await settle();
    expect(module.watchTokenPresence).not.toHaveBeenCalled();
  });

  it('stopping stops what the chunk started', async () => {
    signIn();
    const { module, stopPresence } = effects();
    stop = watchTokenLater(() => Promise.resolve(module));
    await settle();
    stop();
    expect(stopPresence).toHaveBeenCalledOnce();
  });

  it('offline at sign-in: the next change of the session fetches it again', async () => {
    const { module } = effects();
    const load = vi
      .fn<() => Promise<Effects>>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(module);
    stop = watchTokenLater(load);
    signIn('first');
    await settle();
    expect(module.watchTokenPresence).not.toHaveBeenCalled();
    signIn('second');
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(module.watchTokenPresence).toHaveBeenCalledOnce();
  });

  it.each<[string, boolean]>([
    ['a visitor', false],
    ['a member', true],
  ])('token_ip_different ends Remember me from the start (%s)', (_name, member) => {
    if (member) localStore.setString(StorageKey.rememberedSession, JSON.stringify(memberSession('ip')));
    stop = watchTokenLater(() => new Promise(() => undefined));
    emitTransportEvent('tokenIpDifferent');
    expect(localStore.getString(StorageKey.rememberedSession)).toBeNull();
    expect(getToken()).toBe(member ? 'ip' : null);
  });
});
