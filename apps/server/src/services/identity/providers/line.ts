import { DomainError } from '../../errors.js';
import { callProvider, joinUrl, numberField, stringField, type ProviderFetch } from './provider-http.js';

/**
 * LINE Login v2.1 as LINE documents it, against `apiBase` (https://api.line.me, or a stand-in):
 *
 * - redirect flow: `POST {apiBase}/oauth2/v2.1/token` (form: grant_type=authorization_code, code,
 *   redirect_uri, client_id, client_secret, code_verifier) → access_token and id_token; the id_token
 *   checked by `POST {apiBase}/oauth2/v2.1/verify` (form: id_token, client_id), which answers its
 *   claims once LINE has checked signature, audience and expiry; we check `aud` and `iss` again.
 * - in-app (LIFF-style) variant: the access token the LINE app gave the page, checked by
 *   `GET {apiBase}/oauth2/v2.1/verify?access_token=…` (its `client_id` must be the merchant's channel,
 *   `expires_in` positive).
 * - then `GET {apiBase}/v2/profile` with the access token for the user id, name and picture; in the
 *   redirect flow its userId must be the id_token's `sub`.
 *
 * LINE refusing the code, the verifier or a token is `line_invalid_token`; LINE unreachable, slow
 * or answering 5xx is `service_unavailable` (503).
 */
export interface LineChannel {
  /** The channel id: client_id. */
  channelId: string;
  /** The channel secret: client_secret (server only). */
  channelSecret: string;
  /** Where the token, verify and profile endpoints are, without a trailing slash. */
  apiBase: string;
}

export interface LineProfile {
  /** `U` and 32 hex digits: the subject of the binding. */
  userId: string;
  name: string;
  /** https only, else null. */
  picture: string | null;
}

export const LINE_ISSUER = 'https://access.line.me';
const LINE_USER_ID = /^U[0-9a-f]{32}$/;
const PROVIDER = 'LINE';

export interface LineClientOptions {
  fetch: ProviderFetch;
  /** Each call to LINE; the member's request waits for at most three of them. */
  timeoutMs: number;
  now: () => number;
}

export class LineClient {
  constructor(private readonly options: LineClientOptions) {}

  /** The redirect flow: the authorization code, its redirect URI and the PKCE verifier. */
  async profileFromCode(
    channel: LineChannel,
    grant: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<LineProfile> {
    const token = await this.call(channel, '/oauth2/v2.1/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        client_id: channel.channelId,
        client_secret: channel.channelSecret,
        code_verifier: grant.codeVerifier,
      }).toString(),
    });
    const accessToken = stringField(token, 'access_token');
    const idToken = stringField(token, 'id_token');
    if (accessToken === null || idToken === null) {
      throw refused('LINE answered no access token or ID token (is the openid scope asked for?).');
    }
    const claims = await this.call(channel, '/oauth2/v2.1/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: idToken, client_id: channel.channelId }).toString(),
    });
    const subject = stringField(claims, 'sub');
    const expires = numberField(claims, 'exp');
    if (
      stringField(claims, 'iss') !== LINE_ISSUER ||
      stringField(claims, 'aud') !== channel.channelId ||
      subject === null ||
      expires === null ||
      expires * 1000 <= this.options.now()
    ) {
      throw refused('The LINE ID token is not for this channel.');
    }
    const profile = await this.profile(channel, accessToken);
    if (profile.userId !== subject) throw refused('The LINE profile is not the ID token’s user.');
    return profile;
  }

  /** The in-app variant: an access token the LINE app issued for this channel. */
  async profileFromAccessToken(channel: LineChannel, accessToken: string): Promise<LineProfile> {
    const check = await this.call(
      channel,
      `/oauth2/v2.1/verify?${new URLSearchParams({ access_token: accessToken }).toString()}`,
      { method: 'GET' },
    );
    const expiresIn = numberField(check, 'expires_in');
    if (stringField(check, 'client_id') !== channel.channelId || expiresIn === null || expiresIn <= 0) {
      throw refused('The LINE access token is not for this channel.');
    }
    return this.profile(channel, accessToken);
  }

  private async profile(channel: LineChannel, accessToken: string): Promise<LineProfile> {
    const body = await this.call(channel, '/v2/profile', {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const userId = stringField(body, 'userId');
    if (userId === null || !LINE_USER_ID.test(userId)) throw refused('LINE answered no user id.');
    const picture = stringField(body, 'pictureUrl');
    return {
      userId,
      name: (stringField(body, 'displayName') ?? '').slice(0, 128),
      picture: picture !== null && picture.startsWith('https://') && picture.length <= 512 ? picture : null,
    };
  }

  /** A 2xx answer's JSON object; a 4xx is LINE refusing (the code, the verifier, the token). */
  private async call(
    channel: LineChannel,
    path: string,
    init: RequestInit,
  ): Promise<Record<string, unknown> | null> {
    const answer = await callProvider(
      this.options.fetch,
      PROVIDER,
      joinUrl(channel.apiBase, path),
      init,
      this.options.timeoutMs,
    );
    if (answer.status >= 300) throw refused('LINE refused the sign-in. Please sign in with LINE again.');
    return answer.body;
  }
}

function refused(message: string): DomainError {
  return new DomainError('line_invalid_token', message);
}
