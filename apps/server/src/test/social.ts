import { endpoints } from '@wps/contract/endpoints';
import { FIREBASE_STAND_IN } from '@wps/contract/social';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { get, sealedPost } from './accounts.js';

/** What the social sign-in tests share: the Firebase stand-in's popup result and token, a Firebase login. */

export const ORBIT = 'orbit.localhost';

/** The stand-in's popup result: the JSON the page hands its script. */
export function popupResult(html: string): {
  type: string;
  idToken?: string;
  provider?: string;
  error?: string;
  targetOrigin: string;
} {
  const match = /<script id="wps-standin-result" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (match?.[1] === undefined) throw new Error('no result in the page');
  return JSON.parse(match[1]) as ReturnType<typeof popupResult>;
}

export async function standInToken(
  app: FastifyInstance,
  host: string,
  provider: string,
  user: string,
): Promise<string> {
  const response = await get(
    app,
    `${FIREBASE_STAND_IN.signInPath}?provider=${encodeURIComponent(provider)}&mode=popup&user=${user}`,
    { host },
  );
  expect(response.statusCode).toBe(200);
  const { idToken } = popupResult(response.body);
  if (idToken === undefined) throw new Error('no token');
  return idToken;
}

export function firebaseLogin(
  app: FastifyInstance,
  host: string,
  provider: string,
  idToken: string,
  extra = {},
  headers: Record<string, string> = {},
) {
  return sealedPost(
    app,
    endpoints.login.path,
    {
      type: 'firebase',
      firebaseChannel: provider,
      firebaseIdToken: idToken,
      loginDeviceId: 'd'.repeat(36),
      isOfficialAppLogin: false,
      // An adult's attestation, for a sign-in that registers a member (issue 29).
      ageConfirmed: true,
      dateOfBirth: '1990-01-01',
      termsVersion: 1,
      ...extra,
    },
    { host, headers },
  );
}
