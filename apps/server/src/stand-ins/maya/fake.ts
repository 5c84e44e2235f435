import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MayaEnvironment } from '@wps/contract/socialProviders';
import { SealedTokens } from '../../services/identity/index.js';

/**
 * A stand-in for the Maya wallet's server (development, e2e and tests), speaking the protocol of
 * maya.ts: one-time sessions the "wallet app" mints (`issueSession`), checked by
 * `POST /v1/sessions/verify`, and member tokens from `POST /v1/users/{id}/tokens`, both with the
 * client's Basic authorization.
 */
export interface FakeMayaClient {
  clientId: string;
  clientSecret: string;
  env: MayaEnvironment;
}

export interface FakeMayaOptions {
  client: (clientId: string) => FakeMayaClient | null | Promise<FakeMayaClient | null>;
  now: () => number;
}

interface SessionPayload {
  c: string;
  u: string;
  n: string;
}

const SESSION_TTL_MS = 10 * 60_000;

/** The stand-in's wallet user for a display name: the same name is the same wallet account. */
export function fakeMayaUserId(name: string): string {
  return `maya-${createHash('sha256').update(`maya-user:${name.trim()}`).digest('hex').slice(0, 24)}`;
}

export class FakeMaya {
  private readonly sessions = new SealedTokens<SessionPayload>(
    randomBytes(32).toString('base64url'),
    'fake maya session',
    SESSION_TTL_MS,
  );
  private readonly used = new Set<string>();

  constructor(private readonly options: FakeMayaOptions) {}

  /** What the wallet app does before opening the site: a one-time session for its signed-in user. */
  issueSession(clientId: string, name: string): string {
    const trimmed = name.trim().slice(0, 40) || 'Maya Demo';
    return this.sessions.seal({ c: clientId, u: fakeMayaUserId(trimmed), n: trimmed }, 0, this.options.now());
  }

  readonly handle = async (request: Request): Promise<Response> => {
    const client = await this.authenticate(request.headers.get('authorization') ?? '');
    if (client === null) return json(401, { error: 'invalid_client' });
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    const path = new URL(request.url).pathname.replace(/^.*?\/v1\//, '/v1/');
    if (path === '/v1/sessions/verify') {
      const body = (await request.json().catch(() => null)) as { sessionId?: unknown } | null;
      if (body === null) return json(400, { error: 'invalid_request' });
      const sessionId = typeof body.sessionId === 'string' ? body.sessionId : '';
      const session = this.sessions.open(sessionId, 0, this.options.now());
      if (session === null || session.c !== client.clientId || this.used.has(sessionId)) {
        return json(404, { error: 'session_not_found' });
      }
      if (this.used.size > 10_000) this.used.clear();
      this.used.add(sessionId);
      return json(200, { userId: session.u, displayName: session.n, env: client.env });
    }
    const tokens = /^\/v1\/users\/([A-Za-z0-9_-]{1,128})\/tokens$/.exec(path);
    if (tokens !== null) {
      return json(200, { accessToken: `maya-at-${randomBytes(24).toString('base64url')}`, expiresIn: 3600 });
    }
    return json(404, { error: 'not_found' });
  };

  private async authenticate(header: string): Promise<FakeMayaClient | null> {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
    if (match === null) return null;
    const [clientId = '', ...rest] = Buffer.from(match[1] ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const client = await this.options.client(clientId);
    if (client === null) return null;
    const given = Buffer.from(rest.join(':'));
    const expected = Buffer.from(client.clientSecret);
    return given.length === expected.length && timingSafeEqual(given, expected) ? client : null;
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
