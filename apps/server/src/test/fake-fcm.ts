import { jwtVerify, type CryptoKey as JoseKey, type KeyObject } from 'jose';
import { FCM_SCOPE } from '../services/push/fcm.js';
import { serveFetchHandler, type FetchServer } from './fetch-server.js';

/** One message FCM accepted. */
export interface FcmDelivery {
  accessToken: string;
  message: {
    token: string;
    notification: { title: string; body?: string };
    data?: Record<string, string>;
    webpush?: { fcm_options?: { link?: string }; notification?: { tag?: string } };
  };
}

export interface FakeFcm {
  server: FetchServer;
  /** `${url}/token`: the token URI of the service account. */
  tokenUri: string;
  /** Assertions exchanged (verified RS256 JWTs). */
  exchanges: number;
  /** Assertions refused (bad signature, claims or grant). */
  refusedAssertions: number;
  deliveries: FcmDelivery[];
  /** Every access token issued so far stops working (as after a key rotation). */
  revokeTokens(): void;
  /** Every send answers 401, whatever the token. */
  alwaysUnauthorized: boolean;
  close(): Promise<void>;
}

function fcmError(status: number, statusText: string, errorCode?: string): Response {
  return Response.json(
    {
      error: {
        code: status,
        message: `${statusText} (fake)`,
        status: statusText,
        ...(errorCode
          ? {
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
            }
          : {}),
      },
    },
    { status },
  );
}

/**
 * A local FCM HTTP v1 and Google OAuth token endpoint that check what they get for real: the
 * assertion's RS256 signature against the service account's public key and its claims (iss, aud,
 * scope, a lifetime of at most an hour), the Bearer token on every send, and the message's shape.
 * Registration tokens starting `gone` answer 404 UNREGISTERED, `bad` 400 INVALID_ARGUMENT,
 * `other-sender` 403 SENDER_ID_MISMATCH; others are delivered.
 */
export async function startFakeFcm(options: {
  publicKey: JoseKey | KeyObject;
  clientEmail: string;
  projectId: string;
}): Promise<FakeFcm> {
  const valid = new Set<string>();
  let issued = 0;
  const fake: FakeFcm = {
    server: undefined as unknown as FetchServer,
    tokenUri: '',
    exchanges: 0,
    refusedAssertions: 0,
    deliveries: [],
    alwaysUnauthorized: false,
    revokeTokens: () => valid.clear(),
    close: () => fake.server.close(),
  };
  fake.server = await serveFetchHandler(async (request) => {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await request.text());
      try {
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
          throw new Error('grant');
        const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', options.publicKey, {
          algorithms: ['RS256'],
          issuer: options.clientEmail,
          audience: fake.tokenUri,
        });
        if (protectedHeader.typ !== 'JWT' || payload.scope !== FCM_SCOPE) throw new Error('claims');
        if (
          typeof payload.iat !== 'number' ||
          typeof payload.exp !== 'number' ||
          payload.exp - payload.iat > 3600
        )
          throw new Error('lifetime');
      } catch {
        fake.refusedAssertions += 1;
        return Response.json({ error: 'invalid_grant' }, { status: 400 });
      }
      fake.exchanges += 1;
      issued += 1;
      const token = `ya29.fake-${issued}`;
      valid.add(token);
      return Response.json({ access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    if (request.method === 'POST' && url.pathname === `/v1/projects/${options.projectId}/messages:send`) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
      if (fake.alwaysUnauthorized || !valid.has(bearer)) return fcmError(401, 'UNAUTHENTICATED');
      const body = (await request.json().catch(() => null)) as { message?: FcmDelivery['message'] } | null;
      const message = body?.message;
      if (
        typeof message?.token !== 'string' ||
        typeof message.notification?.title !== 'string' ||
        Object.keys(body ?? {}).length !== 1
      )
        return fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT');
      if (message.token.startsWith('gone')) return fcmError(404, 'NOT_FOUND', 'UNREGISTERED');
      if (message.token.startsWith('bad')) return fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT');
      if (message.token.startsWith('other-sender'))
        return fcmError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH');
      fake.deliveries.push({ accessToken: bearer, message });
      return Response.json({ name: `projects/${options.projectId}/messages/${fake.deliveries.length}` });
    }
    return fcmError(404, 'NOT_FOUND');
  });
  fake.tokenUri = `${fake.server.url}/token`;
  return fake;
}
