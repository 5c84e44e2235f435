import type {
  AdPixels,
  CommonSettings,
  CustomerServiceEntry,
  DownloadBarSettings,
  DownloadResource,
  GameVendorSettings,
  GatewaySettings,
  SmsProviderSettings,
} from '@wps/contract/system';
import type { SupportHours } from '@wps/contract/chat';
import type { StoreRating } from '@wps/contract/content';
import type { LicenceLine } from '@wps/contract/trust';

/**
 * The public part of a merchant's settings, stored as one jsonb document: everything here may be sent
 * to any visitor. Credentials go to the merchant's `secrets` column, which no answer ever selects.
 */
export interface MerchantPublicSettings {
  /** Manifest and store description. */
  description: string | null;
  /** Unset gateway fields take the contract defaults (GEETEST_VERSION v3, PROFILE_ICON_COUNT 9). */
  gw: Partial<GatewaySettings>;
  smsProvider: SmsProviderSettings;
  resources: DownloadResource[];
  customerService: CustomerServiceEntry[];
  /** The support chat's hours (issue 16); absent or null: always staffed. */
  supportHours?: SupportHours | null;
  /**
   * A third-party chat instead of the built-in one (issue 16): its script, an https address or a path
   * of this site; its origin is allowed in this merchant's pages only.
   */
  customerServiceScript?: string | null;
  promotions: CommonSettings['promotions'];
  promoCodeEnable: boolean;
  telegramSetting: CommonSettings['telegramSetting'];
  imageCDNs: string[];
  gameVendor: GameVendorSettings;
  /** The download bar's banner and audience (spec section 4); absent: no bar. */
  downloadBar?: DownloadBarSettings;
  /** Ad-platform pixel ids (issue 17); absent: none. */
  adPixels?: AdPixels;
  /** The app's real rating in a store, as the merchant states it; absent or null: no rating is shown. */
  storeRating?: StoreRating | null;
  /** The licence the footer names (issue 29); absent: the footer shows the age badge only. */
  licence?: LicenceLine | null;
}

/** Server-only credentials of a merchant (captcha keys, SMS API secrets, …). */
export type MerchantSecrets = Record<string, string>;
