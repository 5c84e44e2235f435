import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LINE_ISSUER, SealedTokens } from '../../services/identity/index.js';

/**
 * A stand-in for LINE Login (development, e2e and tests): the authorize step (its consent page is
 * served by the dev routes), and the token, verify and profile endpoints as `fetch`-shaped handler
 * (`handle`), reachable in process (`standin://line`) or over HTTP (tests serve it themselves).
 * It behaves as LINE documents: single-use codes bound to the client, the redirect URI and the PKCE
 * challenge (S256), ID tokens signed HS256 with the channel secret, 400 `invalid_grant` otherwise.
 */
export interface FakeLineChannel {
  channelId: string;
  channelSecret: string;
  /** Whether LINE would accept this redirect URI for the channel (its registered callback URLs). */
  allowsRedirect: (redirectUri: string) => boolean | Promise<boolean>;
}

export interface FakeLineUser {
  userId: string;
  name: string;
  picture: string | null;
}

export interface FakeLineOptions {
  channel: (channelId: string) => FakeLineChannel | null | Promise<FakeLineChannel | null>;
  now: () => number;
}

interface CodePayload {
  c: string;
  r: string;
  h: string;
  u: FakeLineUser;
}

interface AccessPayload {
  c: string;
  u: FakeLineUser;
}

const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_MS = 60 * 60_000;
/** Used codes, kept until they would have expired anyway; a bound on memory all the same. */
const MAX_USED_CODES = 10_000;

/** The stand-in's user for a display name: the same name is the same LINE user. */
export function fakeLineUser(name: string): FakeLineUser {
  const trimmed = name.trim().slice(0, 40) || 'LINE Demo';
  return {
    userId: `U${createHash('sha256').update(`line-user:${trimmed}`).digest('hex').slice(0, 32)}`,
    name: trimmed,
    picture: null,
  };
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export class FakeLine {
  private readonly secret = randomBytes(32).toString('base64url');
  private readonly codes = new SealedTokens<CodePayload>(this.secret, 'fake line code', CODE_TTL_MS);
  private readonly tokens = new SealedTokens<AccessPayload>(this.secret, 'fake line access', ACCESS_TTL_MS);
  private readonly used = new Map<string, number>();

  constructor(private readonly options: FakeLineOptions) {}

  /**
   * The authorize step's checks (before the consent page shows): a known channel, a redirect URI it
   * allows, code_challenge with S256. An error text, or null when LINE would show its consent page.
   */
  async authorizeProblem(query: Record<string, string | undefined>): Promise<string | null> {
    if (query.response_type !== 'code') return 'response_type must be code';
    const channel = query.client_id === undefined ? null : await this.options.channel(query.client_id);
    if (channel === null) return 'unknown client_id';
    if (query.redirect_uri === undefined || !(await channel.allowsRedirect(query.redirect_uri))) {
      return 'redirect_uri is not registered for this channel';
    }
    if (query.state === undefined || query.state === '') return 'state is required';
    if (query.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge ?? '')) {
      return 'code_challenge (S256) is required';
    }
    if (!(query.scope ?? '').split(/[ +]/).includes('openid')) return 'scope must include openid';
    return null;
  }

  /** The code the consent step hands back on the redirect (after `authorizeProblem` said none). */
  issueCode(grant: {
    channelId: string;
    redirectUri: string;
    codeChallenge: string;
    user: FakeLineUser;
  }): string {
    return this.codes.seal(
      { c: grant.channelId, r: grant.redirectUri, h: grant.codeChallenge, u: grant.user },
      0,
      this.options.now(),
    );
  }

  /** An access token as the LINE app hands one to a LIFF page. */
  issueAccessToken(channelId: string, user: FakeLineUser): string {
    return this.tokens.seal({ c: channelId, u: user }, 0, this.options.now());
  }

  /** The token, verify and profile endpoints; `request.url`'s path is relative to the API base. */
  readonly handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?(\/oauth2\/v2\.1\/|\/v2\/profile)/, '$1');
    if (path === '/oauth2/v2.1/token' && request.method === 'POST') {
      return this.token(new URLSearchParams(await request.text()));
    }
    if (path === '/oauth2/v2.1/verify' && request.method === 'POST') {
      return this.verifyIdToken(new URLSearchParams(await request.text()));
    }
    if (path === '/oauth2/v2.1/verify' && request.method === 'GET') {
      return this.verifyAccessToken(url.searchParams.get('access_token') ?? '');
    }
    if (path === '/v2/profile' && request.method === 'GET') {
      return this.profile(request.headers.get('authorization') ?? '');
    }
    return json(404, { error: 'not_found' });
  };

  private async token(form: URLSearchParams): Promise<Response> {
    if (form.get('grant_type') !== 'authorization_code')
      return json(400, { error: 'unsupported_grant_type' });
    const channel = await this.options.channel(form.get('client_id') ?? '');
    if (channel === null || !sameText(form.get('client_secret') ?? '', channel.channelSecret)) {
      return json(401, { error: 'invalid_client' });
    }
    const code = form.get('code') ?? '';
    const now = this.options.now();
    const grant = this.codes.open(code, 0, now);
    if (
      grant === null ||
      this.used.has(code) ||
      grant.c !== channel.channelId ||
      grant.r !== form.get('redirect_uri') ||
      grant.h !== pkceChallenge(form.get('code_verifier') ?? '')
    ) {
      return json(400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
    }
    this.markUsed(code, now);
    const idToken = await new SignJWT({
      name: grant.u.name,
      ...(grant.u.picture ? { picture: grant.u.picture } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(LINE_ISSUER)
      .setSubject(grant.u.userId)
      .setAudience(channel.channelId)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 3600)
      .sign(new TextEncoder().encode(channel.channelSecret));
    return json(200, {
      access_token: this.issueAccessToken(channel.channelId, grant.u),
      expires_in: ACCESS_TTL_MS / 1000,
      id_token: idToken,
      refresh_token: randomBytes(16).toString('base64url'),
      scope: 'openid profile',
      token_type: 'Bearer',
    });
  }

  private async verifyIdToken(form: URLSearchParams): Promise<Response> {
    const channel = await this.options.channel(form.get('client_id') ?? '');
    if (channel === null)
      return json(400, { error: 'invalid_request', error_description: 'Invalid client_id' });
    try {
      const { payload } = await jwtVerify(
        form.get('id_token') ?? '',
        new TextEncoder().encode(channel.channelSecret),
        {
          issuer: LINE_ISSUER,
          audience: channel.channelId,
          algorithms: ['HS256'],
          currentDate: new Date(this.options.now()),
        },
      );
      return json(200, { ...payload, amr: ['linesso'] });
    } catch {
      return json(400, { error: 'invalid_request', error_description: 'Invalid IdToken.' });
    }
  }

  private verifyAccessToken(token: string): Response {
    const access = this.tokens.open(token, 0, this.options.now());
    if (access === null)
      return json(400, { error: 'invalid_request', error_description: 'access token expired' });
    return json(200, { scope: 'openid profile', client_id: access.c, expires_in: 3600 });
  }

  private profile(authorization: string): Response {
    const access = this.tokens.open(authorization.replace(/^Bearer /, ''), 0, this.options.now());
    if (access === null) return json(401, { message: 'Authentication failed' });
    return json(200, {
      userId: access.u.userId,
      displayName: access.u.name,
      ...(access.u.picture === null ? {} : { pictureUrl: access.u.picture }),
    });
  }

  private markUsed(code: string, now: number): void {
    for (const [used, at] of this.used) {
      if (at + CODE_TTL_MS < now || this.used.size >= MAX_USED_CODES) this.used.delete(used);
      else break;
    }
    this.used.set(code, now);
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
