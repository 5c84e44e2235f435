import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { socialIdentities } from '../../../db/schema/index.js';
import type { MerchantDirectory } from '../../merchants/directory.js';
import { STAND_IN_API_SCHEME } from '../stand-in-port.js';
import type { IdentityProviders } from '../social/providers.js';
import type { TokenUses } from '../social/token-uses.js';
import { LINE_SESSION_TTL_MS, LineSignIn, type LineSession } from './line-signin.js';
import { LineClient } from './line.js';
import { MayaSignIn } from './maya.js';
import type { ProviderFetch } from './provider-http.js';
import { SealedTokens } from './sealed-token.js';
import { TelegramSignIn } from './telegram-signin.js';
import type { TelegramRefusal } from './telegram.js';

/** Each call to LINE or the wallet: a member's sign-in waits for at most three of them. */
export const PROVIDER_TIMEOUT_MS = 8_000;

/** LINE, Telegram and the Maya wallet (issue 14). */
export interface ProviderSignIns {
  line: LineSignIn;
  telegram: TelegramSignIn;
  maya: MayaSignIn;
}

export interface ProviderSignInOptions {
  db: Db;
  secretKey: string;
  now: () => number;
  /**
   * The LINE and Maya stand-ins' APIs (stand-in-port.ts), where the server runs stand-ins; null with
   * NODE_ENV=production, where a merchant row asking for a stand-in offers no sign-in.
   */
  standInApi: ProviderFetch | null;
  providers: IdentityProviders;
  tokenUses: TokenUses;
  /** The merchant of a host (a redirect URI's), as requests find theirs. */
  merchants: Pick<MerchantDirectory, 'byHost'>;
  /** How the server reaches LINE and the wallet (tests fake it); stand-in URLs are answered in process. */
  fetch?: ProviderFetch;
  logRefusal: (merchantCode: string, reason: TelegramRefusal | 'replayed') => void;
}

export function createProviderSignIns(options: ProviderSignInOptions): ProviderSignIns {
  const { db, now } = options;
  const ownsUrl = async (merchantId: number, url: URL): Promise<boolean> =>
    (await options.merchants.byHost(url.host))?.id === merchantId;
  const network = options.fetch ?? fetch;
  const standInApi = options.standInApi;
  const standIns = standInApi !== null;
  const providerFetch: ProviderFetch =
    standInApi === null
      ? network
      : (url, init) => (url.startsWith(STAND_IN_API_SCHEME) ? standInApi(url, init) : network(url, init));
  const firstUse = options.tokenUses.firstUse.bind(options.tokenUses);
  return {
    line: new LineSignIn({
      providers: options.providers,
      client: new LineClient({ fetch: providerFetch, timeoutMs: PROVIDER_TIMEOUT_MS, now }),
      sessions: new SealedTokens<LineSession>(options.secretKey, 'line session', LINE_SESSION_TTL_MS),
      ownsUrl,
      firstUse,
      standIns,
      now,
    }),
    telegram: new TelegramSignIn({
      providers: options.providers,
      standIns,
      now,
      firstUse,
      logRefusal: options.logRefusal,
    }),
    maya: new MayaSignIn({
      providers: options.providers,
      fetch: providerFetch,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      standIns,
      linkedSubject: async (merchantId, customerId) => {
        const [row] = await db
          .select({ subject: socialIdentities.subject })
          .from(socialIdentities)
          .where(
            and(
              eq(socialIdentities.merchantId, merchantId),
              eq(socialIdentities.customerId, customerId),
              eq(socialIdentities.provider, 'maya'),
            ),
          )
          .limit(1);
        return row?.subject ?? null;
      },
    }),
  };
}
