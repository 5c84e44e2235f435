import { describe, expect, it } from 'vitest';
import { providerOrigins } from './page-policy.js';

const FIREBASE_ORIGINS = {
  script: ['https://apis.google.com'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  frame: ['https://aurora-play.firebaseapp.com'],
};
const NONE = { script: [], connect: [], frame: [] };
const firebase = (config: Record<string, unknown>) => ({
  firebase: { apiKey: 'k', projectId: 'aurora-play', authDomain: 'aurora-play.firebaseapp.com', ...config },
});

describe('providerOrigins: what a merchant’s pages may load for its sign-in providers', () => {
  it.each([
    ['no provider', {}, true, NONE],
    [
      'LINE and Telegram only (a redirect, a popup window)',
      { line: { channelId: '1' }, telegram: { botId: '2' } },
      false,
      NONE,
    ],
    ['Firebase with its own SDK', firebase({}), true, FIREBASE_ORIGINS],
    [
      'Firebase on the stand-in while the stand-ins run: same origin',
      firebase({ standIn: true }),
      true,
      NONE,
    ],
    [
      'Firebase marked stand-in where the stand-ins do not run (production): the real SDK',
      firebase({ standIn: true }),
      false,
      FIREBASE_ORIGINS,
    ],
    [
      'the auth domain in capitals',
      firebase({ authDomain: 'AURORA-PLAY.firebaseapp.com' }),
      true,
      FIREBASE_ORIGINS,
    ],
    [
      'phone sign-in: reCAPTCHA too',
      firebase({ phoneAuth: true }),
      true,
      {
        script: [
          ...FIREBASE_ORIGINS.script,
          'https://www.google.com/recaptcha/',
          'https://www.gstatic.com/recaptcha/',
        ],
        connect: FIREBASE_ORIGINS.connect,
        frame: [...FIREBASE_ORIGINS.frame, 'https://www.google.com/recaptcha/'],
      },
    ],
    ['no auth domain', firebase({ authDomain: undefined }), true, NONE],
    ['an auth domain that is not a string', firebase({ authDomain: 42 }), true, NONE],
    ['hostile: a second source smuggled in', firebase({ authDomain: "x.com 'unsafe-inline'" }), true, NONE],
    ['hostile: a directive smuggled in', firebase({ authDomain: 'x.com; script-src *' }), true, NONE],
    ['hostile: a wildcard', firebase({ authDomain: '*' }), true, NONE],
    ['hostile: a scheme', firebase({ authDomain: 'https://x.com' }), true, NONE],
    ['hostile: a path', firebase({ authDomain: 'x.com/evil' }), true, NONE],
    ['an address, not a name', firebase({ authDomain: '10.0.0.1' }), true, NONE],
  ])('%s', (_name, configs, standInsRunning, expected) => {
    expect(providerOrigins(configs, standInsRunning)).toEqual(expected);
  });
});
