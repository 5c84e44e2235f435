import type { FastifyInstance } from 'fastify';
import { allowedHostPorts, type ServerConfig } from '../config.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import type { IdentityStandIns } from '../services/identity/index.js';
import { MERCHANT_CACHE_TTL_MS, MerchantDirectory } from '../services/merchants/directory.js';
import { csWidgetStandInRoutes } from './cs-widget.js';
import { firebaseStandInRoutes } from './firebase/routes.js';
import { FirebaseStandIn } from './firebase/stand-in.js';
import { lineStandInRoutes } from './line/routes.js';
import { mayaStandInRoutes } from './maya/routes.js';
import { DevOutbox } from './outbox/outbox.js';
import { outboxPageRoute } from './outbox/page.js';
import { devOutboxRoutes } from './outbox/routes.js';
import { createProviderStandIns } from './provider-api.js';
import { providerStandInScriptRoute } from './provider-pages.js';
import { telegramStandInRoutes } from './telegram/routes.js';
import { demoPayRoutes } from './psp/routes.js';
import { DemoPayStandIn } from './psp/stand-in.js';
import type { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import type { PspFetch } from '../services/wallet/index.js';

/**
 * The development stand-ins, all of them (docs/social-sign-in.md): Firebase Auth, LINE Login, the
 * Telegram login widget, the Maya wallet, a third-party chat widget, the outbox page of the codes
 * sent by SMS and mail, and the JSON outboxes of DEV_MODE. They let development and e2e sign in without the real providers.
 *
 * Never in production: app.ts imports this module (dynamically) only when the configuration runs
 * stand-ins, which NODE_ENV=production never does (config.ts `identityStandIns`), and product code
 * may not import it (eslint.config.js). The identity services hold only the interface they lend
 * (services/identity/stand-in-port.ts).
 */
export interface StandIns {
  /** What the identity services take from the stand-ins: the Firebase keys, the LINE and Maya APIs. */
  identity: IdentityStandIns;
  /** The DemoPay payment provider's API, as the wallet's adapter calls it (`standin://demopay/…`). */
  psp: PspFetch;
  /** The DemoPay stand-in itself (its payments; tests complete them and steer its payouts). */
  demoPay: DemoPayStandIn;
  /** Registers every stand-in route on `app`: the one place they are registered. */
  register(app: FastifyInstance, ctx: AppContext): Promise<void>;
}

export interface StandInOptions {
  config: ServerConfig;
  db: Db;
  kek: KeyEncryptionKey;
  now: () => number;
}

export function createStandIns(options: StandInOptions): StandIns {
  const { config, db, kek, now } = options;
  if (!config.identityStandIns) throw new Error('stand-ins are off (NODE_ENV=production)');
  // The merchant of a host, as the identity services find a redirect URI's (LINE's callback URLs).
  const merchants = new MerchantDirectory(
    db,
    config.defaultMerchant,
    MERCHANT_CACHE_TTL_MS,
    allowedHostPorts(config),
  );
  const ownsUrl = async (merchantId: number, url: URL): Promise<boolean> =>
    (await merchants.byHost(url.host))?.id === merchantId;
  const firebase = new FirebaseStandIn(now);
  const providers = createProviderStandIns({ db, now, ownsUrl });
  const demoPay = new DemoPayStandIn(db, kek);
  return {
    identity: { firebaseKeys: firebase.resolve, providerApi: providers.api },
    psp: demoPay.fetch,
    demoPay,
    async register(app, ctx) {
      await demoPayRoutes(app, demoPay);
      firebaseStandInRoutes(app, ctx, firebase);
      providerStandInScriptRoute(app);
      telegramStandInRoutes(app, ctx);
      lineStandInRoutes(app, ctx, providers.line);
      mayaStandInRoutes(app, ctx, providers.maya);
      csWidgetStandInRoutes(app);
      const outbox = new DevOutbox(db);
      // The page a person reads the demo's codes on (docs/demo.md): wherever the stand-ins run.
      outboxPageRoute(app, ctx, outbox);
      // The JSON outboxes the automated tests read: only with the predictable codes of DEV_MODE.
      if (config.devMode) devOutboxRoutes(app, ctx, outbox);
    },
  };
}
