import { importRsaPublicKey, sealPayload, type SealedRequest } from '@wps/contract/payloadCrypto';
import { endpoints } from '@wps/contract/endpoints';
import type { RsaPublicKey } from '@wps/contract/encryption';
import type { WpsSuccess } from '@wps/contract/envelope';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** What a browser does first: fetch the current public key. */
export async function fetchKey(app: FastifyInstance): Promise<RsaPublicKey> {
  const response = await app.inject({ url: `${endpoints.sessionKey.path}?_=${Date.now()}` });
  if (response.statusCode !== 200) throw new Error(`key endpoint answered ${response.statusCode}`);
  return (response.json() as WpsSuccess<RsaPublicKey>).value;
}

/** Seals `payload` for `method path` with `key`, exactly as the web client does. */
export async function seal(
  key: RsaPublicKey,
  path: string,
  payload: unknown,
  method = 'POST',
): Promise<SealedRequest> {
  return sealPayload(await importRsaPublicKey(key.publicKey), key.keyId, method, path, payload);
}

export interface SealedPost {
  headers: Record<string, string | undefined>;
  body: unknown;
  url: string;
  method?: 'POST' | 'PUT';
  host?: string;
}

/** Sends a sealed body; a header set to undefined is left out. */
export function sendSealed(app: FastifyInstance, request: SealedPost): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    host: request.host ?? 'localhost',
  };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = value;
  }
  return app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers,
    payload: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
  });
}
