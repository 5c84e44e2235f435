import type { ServerConfig } from './config.js';
import type { Db } from './db/client.js';
import type { IdentityServices } from './services/identity/index.js';
import type { MemberServices } from './services/member/index.js';
import type { ReferralService } from './services/referral/index.js';
import type { ChatServices } from './services/chat/index.js';
import type { ImageCache } from './services/games/art.js';
import type { KeyEncryptionKey } from './services/keys/key-encryption-key.js';
import type { RsaKeyRing } from './services/keys/rsa-key-ring.js';
import type { MerchantChanges } from './services/merchants/changes.js';
import type { MerchantDirectory } from './services/merchants/directory.js';
import type { WalletServices } from './services/wallet/index.js';
import type { TrustServices } from './services/trust/index.js';
import type { Ledger, SeamlessWallet } from './services/wallet/index.js';

/** What route modules share: read-only configuration, the database, the merchant directory, the keys. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  merchants: MerchantDirectory;
  /** A saved merchant change, heard by every instance: the caches of merchants drop on it (issue 30). */
  merchantChanges: MerchantChanges;
  /** TTL of the in-memory caches of read-mostly data (merchants, personalised HTML). */
  cacheTtlMs: number;
  /** Seals private keys at rest (the RSA keys, the merchants' VAPID keys). */
  kek: KeyEncryptionKey;
  /** The RSA keys of payload encryption. */
  keys: RsaKeyRing;
  /** The clock of time-based rules (key rotation, rate-limit windows); tests move it. */
  now: () => number;
  /** Who the member is: login, sessions, registration, passwords, codes, captcha, social (services/identity). */
  identity: IdentityServices;
  /** What the member reads and keeps: info and language, inbox, feedback (services/member). */
  member: MemberServices;
  /** Promotions, referral codes and friends, agents' sub-accounts (services/referral). */
  referral: ReferralService;
  /** Rendered catalogue images (game art, logos, banners), shared by the image route and its warm-up. */
  images: ImageCache;
  /** The support chat, its hub of sockets and the staff console's accounts (issue 16). */
  chat: ChatServices;
  /** The ledger and the cashier: balances, deposits, callbacks, history (issue 28). */
  wallet: WalletServices;
  /** The double-entry ledger, one per app: it caches account ids (services/wallet). */
  ledger: Ledger;
  /** The seamless wallet game vendors call: their secrets, the launch sessions, the money calls. */
  seamless: SeamlessWallet;
  /** Responsible gaming: profiles, limits, breaks, the trust audit (issue 29). */
  trust: TrustServices;
}
