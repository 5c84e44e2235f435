import type { MayaEnvironment } from '@wps/contract/socialProviders';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { merchantIdentityProviders } from '../db/schema/index.js';
import {
  LINE_STAND_IN_API_BASE,
  MAYA_STAND_IN_API_BASE,
  type ProviderFetch,
} from '../services/identity/index.js';
import { FakeLine } from './line/fake.js';
import { FakeMaya } from './maya/fake.js';

/** The LINE and Maya stand-ins: the pages' counterparts, and their APIs as the identity services call them. */
export interface ProviderStandIns {
  line: FakeLine;
  maya: FakeMaya;
  /** `standin://line/…` and `standin://maya/…`, answered in process (services/identity/stand-in-port.ts). */
  api: ProviderFetch;
}

export interface ProviderStandInOptions {
  db: Db;
  now: () => number;
  /** Whether the URL's host is one of the merchant's (its id): LINE's registered callback URLs. */
  ownsUrl: (merchantId: number, url: URL) => Promise<boolean>;
}

/** The stand-ins know the merchants' `standIn` rows: their channel and client ids and secrets. */
export function createProviderStandIns(options: ProviderStandInOptions): ProviderStandIns {
  const { db, now, ownsUrl } = options;
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
  const line = new FakeLine({
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
  });
  const maya = new FakeMaya({
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
  });
  const api: ProviderFetch = async (url, init) => {
    if (url.startsWith(`${LINE_STAND_IN_API_BASE}/`)) {
      return line.handle(new Request(inProcess(url, LINE_STAND_IN_API_BASE), init));
    }
    if (url.startsWith(`${MAYA_STAND_IN_API_BASE}/`)) {
      return maya.handle(new Request(inProcess(url, MAYA_STAND_IN_API_BASE), init));
    }
    // As fetch answers a scheme it cannot reach.
    throw new TypeError(`fetch failed: no stand-in answers ${url}`);
  };
  return { line, maya, api };
}

/** A stand-in URL as an http URL the Request constructor takes (never fetched). */
function inProcess(url: string, base: string): string {
  return `http://stand-in.invalid${url.slice(base.length)}`;
}
