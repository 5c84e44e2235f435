import { describe, expect, it, vi } from 'vitest';
import { whenEngaged } from './engagement';

function fakePage(hasBeenActive: boolean | undefined) {
  const target = new EventTarget();
  const navigator = hasBeenActive === undefined ? {} : { userActivation: { hasBeenActive } };
  return Object.assign(target, { navigator }) as unknown as Window;
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('whenEngaged: after a tap or a key, never before', () => {
  it.each<[string, boolean | undefined, string[], boolean]>([
    ['already tapped (sticky activation)', true, [], true],
    ['not yet used', false, [], false],
    ['a tap', false, ['pointerup'], true],
    ['a key', false, ['keydown'], true],
    ['a scroll alone (reading)', false, ['scroll', 'wheel'], false],
    ['a pointer only pressed, or moved', false, ['pointerdown', 'pointermove'], false],
    ['no activation API: a tap', undefined, ['pointerup'], true],
    ['no activation API: nothing yet', undefined, [], false],
  ])('%s', async (_case, hasBeenActive, events, engaged) => {
    const page = fakePage(hasBeenActive);
    const promise = whenEngaged(page);
    for (const type of events) page.dispatchEvent(new Event(type));
    expect(await settled(promise)).toBe(engaged);
  });

  it('stops listening once engaged', async () => {
    const page = fakePage(false);
    const remove = vi.spyOn(page, 'removeEventListener');
    const promise = whenEngaged(page);
    page.dispatchEvent(new Event('keydown'));
    expect(await settled(promise)).toBe(true);
    expect(remove.mock.calls.map(([type]) => type).sort()).toEqual(['keydown', 'pointerup']);
  });
});
