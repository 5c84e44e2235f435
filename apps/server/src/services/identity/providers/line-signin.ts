import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LineSessionExchange } from '@wps/contract/socialProviders';
import { DomainError } from '../../errors.js';
import type { Merchant } from '../../merchants/repository.js';
import { configFlag, configString, type IdentityProviders } from '../social/providers.js';
import { socialIdentity, type VerifiedSocialIdentity } from '../social/types.js';
import type { LineChannel, LineClient } from './line.js';
import type { SealedTokens } from './sealed-token.js';

/** LINE's own API; a merchant's row may name another (`secretConfig.lineApiBase`). */
export const LINE_API_BASE = 'https://api.line.me';
/** The in-process stand-in's API base (src/stand-ins/line/fake.ts, development only). */
export const LINE_STAND_IN_API_BASE = 'standin://line';

/** What a LINE session token holds: the LINE user, as LINE vouched for it. */
export interface LineSession {
  s: string;
  n: string;
  p: string | null;
}

/** A LINE session token is used right away (login), or within the bind-or-register dialog. */
export const LINE_SESSION_TTL_MS = 15 * 60_000;

export interface LineSignInDeps {
  providers: Pick<IdentityProviders, 'enabled'>;
  client: LineClient;
  sessions: SealedTokens<LineSession>;
  /** Whether the URL's host is one of the merchant's (its id). */
  ownsUrl: (merchantId: number, url: URL) => Promise<boolean>;
  /** True the first time a token is used (services/identity/social/token-uses.ts): no replay. */
  firstUse: (merchantId: number, kind: string, token: string, expiresAt: Date) => Promise<boolean>;
  /** Stand-ins are served (development, never NODE_ENV=production). */
  standIns: boolean;
  now: () => number;
}

/** The code, redirect URI and PKCE verifier of the redirect flow, or the LINE app's access token. */
export type VerifyLineCodeInput = EndpointParsed<'verifyLineCode'>;

/**
 * `WPS3RD_verifyLineCode` and `POST /wps/session/login/line`: the code (or the in-app access token)
 * exchanged with LINE for the member's LINE profile, handed back as an opaque session token sealed
 * for this merchant (15 minutes); the login opens it and signs in as that LINE user.
 */
export class LineSignIn {
  constructor(private readonly deps: LineSignInDeps) {}

  async verifyCode(merchant: Merchant, input: VerifyLineCodeInput): Promise<LineSessionExchange> {
    const channel = await this.channel(merchant);
    let profile;
    if ('accessToken' in input) {
      profile = await this.deps.client.profileFromAccessToken(channel, input.accessToken);
    } else {
      await this.requireOwnRedirect(merchant, input.redirectUri);
      profile = await this.deps.client.profileFromCode(channel, input);
    }
    const picture = profile.picture !== null && profile.picture.length <= 400 ? profile.picture : null;
    return {
      lineSessionToken: this.deps.sessions.seal(
        { s: profile.userId, n: profile.name, p: picture },
        merchant.id,
        this.deps.now(),
      ),
      name: profile.name,
      picture: profile.picture,
    };
  }

  /**
   * The LINE user of a session token this server sealed for this merchant and that has not signed in
   * before, else `line_invalid_token`.
   */
  async identity(merchant: Merchant, lineSessionToken: string): Promise<VerifiedSocialIdentity> {
    await this.channel(merchant);
    const now = this.deps.now();
    const session = this.deps.sessions.open(lineSessionToken, merchant.id, now);
    // A session token signs in once (the bind-or-register dialog goes on with the bind token).
    if (
      session === null ||
      !(await this.deps.firstUse(merchant.id, 'line', lineSessionToken, new Date(now + LINE_SESSION_TTL_MS)))
    ) {
      throw new DomainError(
        'line_invalid_token',
        'The LINE sign-in has expired. Please sign in with LINE again.',
      );
    }
    return socialIdentity('line', session.s, session.n, session.p);
  }

  private async channel(merchant: Merchant): Promise<LineChannel> {
    const row =
      merchant.flags.LINELOGIN3 === true ? await this.deps.providers.enabled(merchant.id, 'line') : null;
    const channelId = row === null ? null : configString(row.publicConfig, 'channelId');
    const channelSecret = row === null ? null : configString(row.secretConfig, 'channelSecret');
    if (row === null || channelId === null || channelSecret === null) {
      throw new DomainError('module_disabled', 'LINE sign-in is not offered here.');
    }
    const standIn = configFlag(row.publicConfig, 'standIn');
    if (standIn && !this.deps.standIns) {
      throw new DomainError('module_disabled', 'LINE sign-in is not offered here.');
    }
    const apiBase = standIn
      ? LINE_STAND_IN_API_BASE
      : (configString(row.secretConfig, 'lineApiBase') ?? LINE_API_BASE);
    return { channelId, channelSecret, apiBase };
  }

  /** No open redirect: the redirect URI is a page of this merchant's own site. */
  private async requireOwnRedirect(merchant: Merchant, redirectUri: string): Promise<void> {
    if (!(await isMerchantPage(merchant, redirectUri, this.deps.ownsUrl))) {
      throw new DomainError('invalid_request', 'Invalid request. redirectUri must be a page of this site.');
    }
  }
}

/** An absolute http(s) URL of one of the merchant's hosts, under /m/, with no user name or fragment. */
export async function isMerchantPage(
  merchant: Merchant,
  text: string,
  ownsUrl: (merchantId: number, url: URL) => Promise<boolean>,
): Promise<boolean> {
  if (/[\s\\\p{Cc}]/u.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '' || url.hash !== '') return false;
  if (!url.pathname.startsWith('/m/')) return false;
  return ownsUrl(merchant.id, url);
}
