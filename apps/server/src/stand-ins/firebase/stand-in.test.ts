import { FIREBASE_CHANNELS } from '@wps/contract/social';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.js';
import { FirebaseStandIn, newStandInUser, STAND_IN_USERS } from './stand-in.js';

describe('the Firebase stand-in', () => {
  it.each(FIREBASE_CHANNELS)(
    'mints %s tokens its own key set verifies, with Firebase’s claims',
    async (provider) => {
      const clock = new TestClock();
      const standIn = new FirebaseStandIn(clock.now);
      const user = STAND_IN_USERS[provider][0] ?? newStandInUser(provider);
      const token = await standIn.mint('demo-project', provider, user);
      const { payload } = await jwtVerify(token, standIn.resolve, {
        algorithms: ['RS256'],
        issuer: 'https://securetoken.google.com/demo-project',
        audience: 'demo-project',
        currentDate: new Date(clock.now()),
      });
      expect(payload).toMatchObject({ sub: user.uid, firebase: { sign_in_provider: provider } });
      const { keys } = await standIn.jwks();
      expect(decodeProtectedHeader(token).kid).toBe(keys[0]?.kid);
      expect(Object.keys(keys[0] ?? {})).not.toContain('d');
    },
  );

  it('makes a new key pair per instance: a token of an earlier run does not verify', async () => {
    const clock = new TestClock();
    const earlier = new FirebaseStandIn(clock.now);
    const token = await earlier.mint('demo-project', 'google.com', newStandInUser('google.com'));
    const now = new FirebaseStandIn(clock.now);
    await expect(jwtVerify(token, now.resolve, { currentDate: new Date(clock.now()) })).rejects.toThrow();
  });

  it('gives every new test user a uid and a phone number of nobody else', () => {
    const users = Array.from({ length: 50 }, () => newStandInUser('phone'));
    expect(new Set(users.map((user) => user.uid)).size).toBe(50);
    for (const user of users) {
      expect(user.phoneNumber).toMatch(/^\+63999[0-9]{7}$/);
      expect(user.uid).toMatch(/^[A-Za-z0-9]{1,64}$/);
    }
    const demoNumbers = STAND_IN_USERS.phone.map((user) => user.phoneNumber);
    expect(users.some((user) => demoNumbers.includes(user.phoneNumber))).toBe(false);
  });
});
