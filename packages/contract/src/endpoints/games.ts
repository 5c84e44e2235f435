import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as contentSchemas from '../schemas/content.js';
import type * as gamesSchemas from '../schemas/games.js';
import type { DownloadSetting, PromoCodeClaim, PromoCodeEnable, PromotionCategory } from '../content.js';
import type {
  Announcement,
  AnnouncementPopup,
  Banner,
  GameCard,
  GameCategoryCard,
  GameLaunchValue,
  GameMatch,
  GameVendorInfo,
  Paged,
  RankEntry,
} from '../games.js';
import type { FavouriteToggle } from '../schemas/games.js';

/** The table's game calls (endpoints.ts): launch, catalogue and lobby, promotions, the download page. */
export const gamesEndpoints = {
  launchGame: define<typeof gamesSchemas.launchGameQuerySchema, GameLaunchValue>()({
    method: 'GET',
    path: '/wps/game/launchGame',
    timeout: 'gameLaunch',
  }),
  trialLaunch: define<typeof gamesSchemas.trialLaunchQuerySchema, GameLaunchValue>()({
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    timeout: 'gameLaunch',
  }),
  gameList: define<typeof gamesSchemas.gameListQuerySchema, Paged<GameCard>>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    cached: true,
    concurrency: 'gameList',
  }),
  hotGames: define<typeof commonSchemas.emptyQuerySchema, GameCard[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    cached: true,
  }),
  /** The merchant's game categories (cards of the lobby). */
  gameVendor: define<typeof commonSchemas.emptyQuerySchema, GameCategoryCard[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    cached: true,
  }),
  newGameVendor: define<typeof gamesSchemas.vendorListQuerySchema, GameVendorInfo[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    cached: true,
  }),
  gameMatches: define<typeof commonSchemas.emptyQuerySchema, GameMatch[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameMatchV2',
    cached: true,
  }),
  rankList: define<typeof commonSchemas.emptyQuerySchema, RankEntry[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    cached: true,
  }),
  recentGames: define<typeof commonSchemas.emptyQuerySchema, GameCard[]>()({
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
  }),
  favouriteGames: define<typeof commonSchemas.emptyQuerySchema, GameCard[]>()({
    method: 'GET',
    path: '/wps/relay/getFavoriteGamesList',
  }),
  /** The product's own name for the favourite toggle. */
  toggleFavourite: define<typeof gamesSchemas.favouriteToggleSchema, FavouriteToggle>()({
    method: 'POST',
    path: '/wps/relay/toggleFavoriteGame',
  }),
  announcements: define<typeof gamesSchemas.announcementListQuerySchema, Paged<Announcement>>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    unauthorized: true,
    cached: true,
  }),
  /** The product's own: the banners of the home carousel. */
  banners: define<typeof gamesSchemas.bannerListQuerySchema, Banner[]>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getBannerList',
    cached: true,
  }),
  /** The product's own: the popup announcement with its options. */
  popupAnnouncement: define<typeof gamesSchemas.popupAnnouncementQuerySchema, AnnouncementPopup>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPopupAnnouncement',
    cached: true,
  }),
  /** The promotion categories (the tabs of /m/activity), in the request's language. */
  promotionCategories: define<typeof commonSchemas.emptyQuerySchema, PromotionCategory[]>()({
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    cached: true,
  }),
  promoCodeEnable: define<typeof commonSchemas.emptyQuerySchema, PromoCodeEnable>()({
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromoCodeEnable',
    cached: true,
  }),
  /** The product's own: a member claims a promo code, once per code and member. */
  claimPromoCode: define<typeof contentSchemas.promoCodeClaimSchema, PromoCodeClaim>()({
    method: 'POST',
    path: '/wps/member/promoCode/claim',
  }),
  /** The download page's texts and links (spec section 7: domain; returns app_desc, login_prompt_text). */
  downloadSetting: define<typeof contentSchemas.downloadSettingQuerySchema, DownloadSetting>()({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getDownloadSetting',
    cached: true,
  }),
} as const;
