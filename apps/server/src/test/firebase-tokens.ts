import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';

/** An RS256 key pair of a test, with its kid and public JWK. */
export interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: Record<string, unknown>;
}

export async function testKey(kid: string): Promise<TestKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

/**
 * A key server as Google's securetoken endpoint: answers its current key set with a Cache-Control
 * max-age, counts requests; `keys` and `maxAgeS` may change between requests (rotation), `status`
 * makes it fail.
 */
export class TestJwksServer {
  keys: Record<string, unknown>[] = [];
  maxAgeS = 3_600;
  status = 200;
  requests = 0;
  private server: Server | null = null;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((_request, response) => {
      this.requests += 1;
      const body: JSONWebKeySet = { keys: this.keys as unknown as JSONWebKeySet['keys'] };
      response.writeHead(this.status, {
        'content-type': 'application/json',
        'cache-control': `public, max-age=${this.maxAgeS}, must-revalidate, no-transform`,
      });
      response.end(this.status === 200 ? JSON.stringify(body) : '{}');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === null) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The claims of a Firebase ID token of `projectId` signed in with `provider` at `nowS`. */
export function firebaseClaims(
  projectId: string,
  nowS: number,
  provider = 'google.com',
  sub = 'FirebaseUid0000000000000001',
): JWTPayload {
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: nowS - 10,
    user_id: sub,
    sub,
    iat: nowS - 5,
    exp: nowS + 3_600,
    name: 'Test Person',
    picture: 'https://example.com/p.png',
    firebase: { identities: { [provider]: ['1234'] }, sign_in_provider: provider },
  };
}

/** Signs `claims` with `key` (RS256, its kid unless `kid` names another). */
export function signToken(key: TestKey, claims: JWTPayload, kid: string = key.kid): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key.privateKey);
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned token (alg none). */
export function unsignedToken(claims: JWTPayload, kid: string): string {
  return `${base64url({ alg: 'none', kid, typ: 'JWT' })}.${base64url(claims)}.`;
}

/** HS256 keyed by the text of the public key: the algorithm-confusion attack. */
export async function hs256WithPublicKey(key: TestKey, claims: JWTPayload): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const header = base64url({ alg: 'HS256', kid: key.kid, typ: 'JWT' });
  const payload = base64url(claims);
  const secret = JSON.stringify(key.publicJwk);
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The token with its payload replaced but the original signature kept. */
export function tampered(token: string, claims: JWTPayload): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url(claims)}.${signature}`;
}
