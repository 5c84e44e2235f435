import { afterEach, describe, expect, it } from 'vitest';
import {
  choosePendingBind,
  currentPendingBind,
  pendingBindStore,
  registrationFieldsOf,
  type PendingBind,
} from './pendingBind';

const pending: PendingBind = {
  provider: 'google.com',
  displayName: 'Alice',
  bindToken: 'T'.repeat(43),
  social: { firebaseChannel2: 'google.com', firebaseIdToken2: 'a.b.c' },
  expiresAt: 10_000,
  chosen: true,
};

afterEach(() => pendingBindStore.set(null));

describe('currentPendingBind', () => {
  it('answers it only once the member chose to link it', () => {
    pendingBindStore.set({ ...pending, chosen: false });
    expect(currentPendingBind(1)).toBeNull();
    choosePendingBind();
    expect(currentPendingBind(1)).toEqual(pending);
  });

  it('answers it before it expires and drops it after', () => {
    pendingBindStore.set(pending);
    expect(currentPendingBind(9_999)).toBe(pending);
    expect(currentPendingBind(10_000)).toBeNull();
    expect(pendingBindStore.get()).toBeNull();
  });
});

describe('registrationFieldsOf', () => {
  it.each<[string, PendingBind | null, Record<string, string>]>([
    ['none', null, {}],
    ['the bind token alone when there is one', pending, { bindToken: 'T'.repeat(43) }],
    [
      'the proof without a bind token',
      { ...pending, bindToken: null, social: { telegramAuth: '{}', lineSessionToken: undefined } },
      { telegramAuth: '{}' },
    ],
  ])('%s', (_name, value, expected) => {
    expect(registrationFieldsOf(value)).toEqual(expected);
  });
});
