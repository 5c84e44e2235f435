import type { ProviderFetch } from './providers/provider-http.js';
import type { KeyResolver } from './social/jwks.js';

/** Where the in-process stand-ins of LINE and the Maya wallet answer (a merchant row with `standIn`). */
export const STAND_IN_API_SCHEME = 'standin://';

/**
 * What the development stand-ins (src/stand-ins, never loaded with NODE_ENV=production) lend the
 * identity services. Only this interface crosses: the product code holds no stand-in, and without
 * one (production) a merchant row asking for a stand-in offers no sign-in.
 */
export interface IdentityStandIns {
  /** The Firebase stand-in's key set: its ID tokens verify exactly as Google's do. */
  firebaseKeys: KeyResolver;
  /** The LINE and Maya stand-ins' APIs (`standin://line/…`, `standin://maya/…`), answered in process. */
  providerApi: ProviderFetch;
}
