import type { MayaEnvironment } from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { merchantIdentityProviders, socialIdentities } from '../../../db/schema.js';
import type { MerchantDirectory } from '../../merchants/directory.js';
import type { IdentityProviders } from '../social/providers.js';
import type { TokenUses } from '../social/token-uses.js';
import { FakeLine } from '../../../stand-ins/line/fake.js';
import { LINE_SESSION_TTL_MS, LINE_STAND_IN_API_BASE, LineSignIn, type LineSession } from './line-signin.js';
import { LineClient } from './line.js';
import { FakeMaya } from '../../../stand-ins/maya/fake.js';
import { MAYA_STAND_IN_API_BASE, MayaSignIn } from './maya.js';
import type { ProviderFetch } from './provider-http.js';
import { SealedTokens } from './sealed-token.js';
import { TelegramSignIn } from './telegram-signin.js';
import type { TelegramRefusal } from './telegram.js';

/** Each call to LINE or the wallet: a member's sign-in waits for at most three of them. */
export const PROVIDER_TIMEOUT_MS = 8_000;

/** LINE, Telegram and the Maya wallet (issue 14), and their stand-ins where the server runs them. */
export interface ProviderSignIns {
  line: LineSignIn;
  telegram: TelegramSignIn;
  maya: MayaSignIn;
  /** The fake LINE and the fake wallet; null with NODE_ENV=production. */
  standIns: ProviderStandIns | null;
}

export interface ProviderStandIns {
  line: FakeLine;
  maya: FakeMaya;
}

export interface ProviderSignInOptions {
  db: Db;
  secretKey: string;
  now: () => number;
  /** config.identityStandIns: never with NODE_ENV=production. */
  standIns: boolean;
  providers: IdentityProviders;
  tokenUses: TokenUses;
  /** The merchant of a host (a redirect URI's, a stand-in's redirect), as requests find theirs. */
  merchants: Pick<MerchantDirectory, 'byHost'>;
  /** How the server reaches LINE and the wallet (tests fake it); stand-in URLs are answered in process. */
  fetch?: ProviderFetch;
  logRefusal: (merchantCode: string, reason: TelegramRefusal | 'replayed') => void;
}

export function createProviderSignIns(options: ProviderSignInOptions): ProviderSignIns {
  const { db, now } = options;
  const ownsUrl = async (merchantId: number, url: URL): Promise<boolean> =>
    (await options.merchants.byHost(url.host))?.id === merchantId;
  const standIns = options.standIns ? createStandIns(db, now, ownsUrl) : null;
  const network = options.fetch ?? fetch;
  const providerFetch: ProviderFetch =
    standIns === null
      ? network
      : (url, init) => {
          if (url.startsWith(`${LINE_STAND_IN_API_BASE}/`)) {
            return standIns.line.handle(new Request(inProcess(url, LINE_STAND_IN_API_BASE), init));
          }
          if (url.startsWith(`${MAYA_STAND_IN_API_BASE}/`)) {
            return standIns.maya.handle(new Request(inProcess(url, MAYA_STAND_IN_API_BASE), init));
          }
          return network(url, init);
        };
  const firstUse = options.tokenUses.firstUse.bind(options.tokenUses);
  return {
    line: new LineSignIn({
      providers: options.providers,
      client: new LineClient({ fetch: providerFetch, timeoutMs: PROVIDER_TIMEOUT_MS, now }),
      sessions: new SealedTokens<LineSession>(options.secretKey, 'line session', LINE_SESSION_TTL_MS),
      ownsUrl,
      firstUse,
      standIns: options.standIns,
      now,
    }),
    telegram: new TelegramSignIn({
      providers: options.providers,
      standIns: options.standIns,
      now,
      firstUse,
      logRefusal: options.logRefusal,
    }),
    maya: new MayaSignIn({
      providers: options.providers,
      fetch: providerFetch,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      standIns: options.standIns,
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
    standIns,
  };
}

/** A stand-in URL as an http URL the Request constructor takes (never fetched). */
function inProcess(url: string, base: string): string {
  return `http://stand-in.invalid${url.slice(base.length)}`;
}

/** The stand-ins know the merchants' `standIn` rows: their channel and client ids and secrets. */
function createStandIns(
  db: Db,
  now: () => number,
  ownsUrl: (merchantId: number, url: URL) => Promise<boolean>,
): ProviderStandIns {
  const standInRow = async (provider: 'line' | 'maya', field: string, value: string) => {
    const [row] = await db
      .select({
        merchantId: merchantIdentityProviders.merchantId,
        publicConfig: merchantIdentityProviders.publicConfig,
        secretConfig: merchantIdentityProviders.secretConfig,
      })
      .from(merchantIdentityProviders)
      .where(
        and(
          eq(merchantIdentityProviders.provider, provider),
          eq(merchantIdentityProviders.enabled, true),
          sql`${merchantIdentityProviders.publicConfig}->>${field} = ${value}`,
          sql`${merchantIdentityProviders.publicConfig}->>'standIn' = 'true'`,
        ),
      )
      .limit(1);
    return row ?? null;
  };
  return {
    line: new FakeLine({
      now,
      channel: async (channelId) => {
        const row = await standInRow('line', 'channelId', channelId);
        const secret = row?.secretConfig.channelSecret;
        if (row === null || typeof secret !== 'string') return null;
        return {
          channelId,
          channelSecret: secret,
          // LINE's registered callback URLs: the merchant's own pages.
          allowsRedirect: async (uri) => {
            try {
              const url = new URL(uri);
              return url.pathname.startsWith('/m/') && (await ownsUrl(row.merchantId, url));
            } catch {
              return false;
            }
          },
        };
      },
    }),
    maya: new FakeMaya({
      now,
      client: async (clientId) => {
        const row = await standInRow('maya', 'clientId', clientId);
        const secret = row?.secretConfig.clientSecret;
        const env = row?.publicConfig.env;
        if (row === null || typeof secret !== 'string') return null;
        return {
          clientId,
          clientSecret: secret,
          env: (env === 'production' ? 'production' : 'sandbox') as MayaEnvironment,
        };
      },
    }),
  };
}
