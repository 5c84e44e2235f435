import { describe, expect, it } from 'vitest';
import { endpointSchemas } from './endpointSchemas.js';
import { CACHED_PATHS, endpoints, NO_TOKEN_PATHS, UNAUTHORIZED_PATHS } from './endpoints.js';
import type { EndpointFacts } from './endpoints/define.js';

/**
 * The table against spec sections 6 and 7, written out here rather than read from the table: a fact
 * changed in the table (a path, a seal, a ModuleId, a no-token rule) fails a row.
 */
const SPEC: readonly [string, string, Partial<EndpointFacts>][] = [
  ['GET', '/wps/session/key/rsa', { unauthorized: true }],
  ['POST', '/wps/session/login', { sealed: true, noToken: true }],
  ['POST', '/wps/session/login/verification', { sealed: true, noToken: true }],
  ['POST', '/wps/session/logout', {}],
  // Issue 14: LINE, Telegram and Maya wallet sign-in (spec section 7).
  ['POST', '/wps/session/login/line', { noToken: true }],
  ['POST', '/wps/session/login/telegram', { noToken: true }],
  ['POST', '/wps/session/login/maya', { noToken: true }],
  ['POST', '/wps/relay/WPS3RD_verifyLineCode', { noToken: true }],
  ['POST', '/wps/relay/WPS3RD_refreshMayaTokens', {}],
  ['GET', '/wps/relay/WPSCORE_getTelegramLoginSetting', { noToken: true }],
  // Issue 16 item 5: a merchant's third-party chat script (spec section 7).
  ['GET', '/wps/relay/WPSCORE_getCustomerServiceScript', { noToken: true }],
  ['POST', '/wps/member/register', { sealed: true, noToken: true, moduleId: 'REG3' }],
  ['POST', '/wps/member/register/mobile', { sealed: true, noToken: true, moduleId: 'MOBILENUMREG3' }],
  ['POST', '/wps/member/register/autoUsername', { noToken: true }],
  ['GET', '/wps/member/info', {}],
  ['POST', '/wps/member/language', {}],
  // Issue 15: the feedback form, with room for its screenshot.
  ['POST', '/wps/member/feedback', { bodyLimit: 715_436 }],
  // Issue 14: the member's linked social sign-ins.
  ['GET', '/wps/member/signIns', {}],
  ['POST', '/wps/member/signIns/unlink', {}],
  ['POST', '/wps/member/password', { sealed: true }],
  ['POST', '/wps/member/password/reset/email', { sealed: true, noToken: true }],
  ['POST', '/wps/member/password/reset/sms', { sealed: true, noToken: true }],
  ['GET', '/wps/relay/MCSFE_getPlayerRankProgress', {}],
  ['GET', '/wps/relay/CBS_unreadCount', {}],
  // Issue 16: the support chat's launch address (visitors too).
  ['GET', '/wps/relay/CBS_launchChat', {}],
  // Issue 16: the chat's member info and auth key (spec sections 4 and 7).
  ['POST', '/wps/relay/WPSCORE_saveMemberInfoByAuthKey', {}],
  // Issue 15: the inbox, and settings and security (the product's own).
  ['GET', '/wps/member/messages', {}],
  ['POST', '/wps/member/messages/read', {}],
  ['GET', '/wps/member/security', {}],
  ['POST', '/wps/member/security/totp', {}],
  ['POST', '/wps/member/security/totp/confirm', { sealed: true }],
  ['POST', '/wps/member/security/totp/disable', { sealed: true }],
  ['POST', '/wps/member/security/code', { sealed: true }],
  ['POST', '/wps/member/contact/code', { sealed: true }],
  ['POST', '/wps/member/contact/verify', { sealed: true }],
  ['POST', '/wps/member/contact/remove', { sealed: true }],
  ['GET', '/wps/member/sessions', {}],
  ['POST', '/wps/member/sessions/end', {}],
  // Issue 15: referral and agents; available promotions are sent without authorization (spec section 6).
  ['GET', '/wps/relay/MCSFE_getMerchantAvailablePromotions', { unauthorized: true }],
  ['GET', '/wps/member/promotions', {}],
  ['GET', '/wps/member/referral', {}],
  ['GET', '/wps/member/referral/friends', {}],
  ['GET', '/wps/member/agent', {}],
  ['GET', '/wps/member/agent/members', {}],
  ['POST', '/wps/member/agent/members/create', { sealed: true }],
  ['GET', '/wps/captcha/geetest', { noToken: true }],
  ['POST', '/wps/captcha/geetest/verify', {}],
  ['GET', '/wps/captcha/text', { noToken: true }],
  ['POST', '/wps/captcha/text/verify', {}],
  ['POST', '/wps/verification/sms/noLogin', { noToken: true }],
  ['GET', '/wps/dev/sms/outbox', {}],
  ['GET', '/wps/dev/mail/outbox', {}],
  ['GET', '/wps/v2/system/status', { noToken: true }],
  ['GET', '/wps/system/settings', { noToken: true }],
  ['GET', '/wps/system/country', { cached: true }],
  ['GET', '/wps/system/domainRoute', { noToken: true, cached: true }],
  ['POST', '/wps/system/collect', {}],
  ['GET', '/wps/system/test/ping', { timeout: 'ping' }],
  ['GET', '/wps/relay/CSP_fcmVapidKey', { noToken: true }],
  ['POST', '/wps/relay/CSP_fcmBind', {}],
  ['POST', '/wps/relay/CSP_fcmSubscribe', {}],
  ['POST', '/wps/relay/CSP_fcmUnsubscribe', {}],
  ['GET', '/wps/report/attribution', {}],
  ['POST', '/wps/report/push', {}],
  ['GET', '/wps/game/launchGame', { timeout: 'gameLaunch' }],
  ['GET', '/wps/relay/GCS_gameTrialLaunch', { timeout: 'gameLaunch' }],
  ['GET', '/wps/relay/GCSGAME_gameList', { cached: true, concurrency: 'gameList' }],
  ['GET', '/wps/relay/GCSGAME_hotGamesV2', { cached: true }],
  ['GET', '/wps/relay/GCSGAME_gameVendor', { cached: true }],
  ['GET', '/wps/relay/GCSGAME_newGameVendor', { cached: true }],
  ['GET', '/wps/relay/GCSGAME_getGameMatchV2', { cached: true }],
  ['GET', '/wps/relay/GCSGAME_getRankList', { cached: true }],
  ['GET', '/wps/relay/GCS_recentGame', {}],
  ['GET', '/wps/relay/getFavoriteGamesList', {}],
  ['POST', '/wps/relay/toggleFavoriteGame', {}],
  ['GET', '/wps/relay/MCSFE_getListAnnouncements', { unauthorized: true, cached: true }],
  ['GET', '/wps/relay/MCSFE_getBannerList', { cached: true }],
  ['GET', '/wps/relay/MCSFE_getPopupAnnouncement', { cached: true }],
  // Issue 15: promotions, promo codes and the download page.
  ['GET', '/wps/relay/PROMOFE_getPromotionAnnouncementCategory', { cached: true }],
  ['GET', '/wps/relay/PROMOFE_getPromoCodeEnable', { cached: true }],
  ['POST', '/wps/member/promoCode/claim', {}],
  ['GET', '/wps/relay/WPSCORE_getDownloadSetting', { cached: true }],
  // Issue 14 item 7: passkeys (the product's own, docs/passkeys.md).
  ['POST', '/wps/member/passkey/registration/options', {}],
  ['POST', '/wps/member/passkey/registration', {}],
  ['GET', '/wps/member/passkey/list', {}],
  ['POST', '/wps/member/passkey/rename', {}],
  ['POST', '/wps/member/passkey/delete', {}],
  ['POST', '/wps/session/login/passkey/options', { noToken: true }],
  ['POST', '/wps/session/login/passkey', { noToken: true }],
  // Issue 16: the member's chat image (the image's base64 and room for the JSON around it).
  ['POST', '/wps/chat/attachments', { bodyLimit: 700_076 }],
  // Issues 16 and 17: the staff console and the back office's Push section (the staff session).
  ['POST', '/wps/staff/login', { auth: 'staff', staffPermission: null }],
  ['POST', '/wps/staff/logout', { auth: 'staff', staffPermission: null }],
  ['GET', '/wps/staff/me', { auth: 'staff', staffPermission: 'console:open' }],
  ['GET', '/wps/staff/agents', { auth: 'staff', staffPermission: 'console:open' }],
  ['GET', '/wps/staff/canned', { auth: 'staff', staffPermission: 'chat:read' }],
  ['GET', '/wps/staff/conversations', { auth: 'staff', staffPermission: 'chat:read' }],
  ['GET', '/wps/staff/conversations/:id/messages', { auth: 'staff', staffPermission: 'chat:read' }],
  ['POST', '/wps/staff/conversations/:id/messages', { auth: 'staff', staffPermission: 'chat:reply' }],
  [
    'POST',
    '/wps/staff/conversations/:id/attachments',
    { auth: 'staff', staffPermission: 'chat:reply', bodyLimit: 700_076 },
  ],
  ['POST', '/wps/staff/conversations/:id/read', { auth: 'staff', staffPermission: 'chat:reply' }],
  ['POST', '/wps/staff/conversations/:id/pickup', { auth: 'staff', staffPermission: 'chat:assign' }],
  ['POST', '/wps/staff/conversations/:id/transfer', { auth: 'staff', staffPermission: 'chat:assign' }],
  ['POST', '/wps/staff/conversations/:id/close', { auth: 'staff', staffPermission: 'chat:assign' }],
  ['POST', '/wps/staff/push/send', { auth: 'staff', staffPermission: 'push:send' }],
  ['GET', '/wps/staff/push/report', { auth: 'staff', staffPermission: 'push:report' }],
  // The cashier (issue 28).
  ['GET', '/wps/wallet/balance', {}],
  ['GET', '/wps/wallet/deposit/options', {}],
  ['POST', '/wps/wallet/deposit', {}],
  ['GET', '/wps/wallet/deposit/:id', {}],
  ['GET', '/wps/wallet/history', {}],
  ['GET', '/wps/wallet/withdraw/options', {}],
  ['POST', '/wps/wallet/payout-accounts', { sealed: true }],
  ['POST', '/wps/wallet/withdraw', {}],
  ['GET', '/wps/staff/withdrawals', { auth: 'staff', staffPermission: 'cashier:review' }],
  ['POST', '/wps/staff/withdrawals/approve', { auth: 'staff', staffPermission: 'cashier:review' }],
  ['POST', '/wps/staff/withdrawals/reject', { auth: 'staff', staffPermission: 'cashier:review' }],
  ['POST', '/wps/staff/reconcile', { auth: 'staff', staffPermission: 'cashier:review' }],
  // Issue 30 item 8: the back office's Cashier section.
  ['GET', '/wps/staff/adjustments', { auth: 'staff', staffPermission: 'cashier:adjust' }],
  ['POST', '/wps/staff/adjustments', { auth: 'staff', staffPermission: 'cashier:adjust' }],
  ['POST', '/wps/staff/adjustments/reverse', { auth: 'staff', staffPermission: 'cashier:adjust' }],
  ['POST', '/wps/staff/adjustments/approve', { auth: 'staff', staffPermission: 'cashier:approve' }],
  ['POST', '/wps/staff/adjustments/decline', { auth: 'staff', staffPermission: 'cashier:approve' }],
  ['GET', '/wps/staff/cashier/search', { auth: 'staff', staffPermission: 'cashier:review' }],
  // Issue 29: responsible gaming and the legal pages.
  ['GET', '/wps/rg', {}],
  ['POST', '/wps/rg/limits', {}],
  ['POST', '/wps/rg/limits/confirm', {}],
  ['POST', '/wps/rg/limits/cancel', {}],
  ['POST', '/wps/rg/limit-offer', {}],
  ['POST', '/wps/rg/reality-check', {}],
  ['POST', '/wps/rg/break', { sealed: true }],
  ['GET', '/wps/rg/session', {}],
  ['GET', '/wps/legal/:kind', { noToken: true }],
  ['POST', '/wps/legal/terms/accept', {}],
  ['GET', '/wps/staff/rg/audit', { auth: 'staff', staffPermission: 'compliance:read' }],
  ['POST', '/wps/staff/rg/limits', { auth: 'staff', staffPermission: 'compliance:act' }],
  ['POST', '/wps/staff/rg/break', { auth: 'staff', staffPermission: 'compliance:act' }],
  ['GET', '/wps/staff/push/fcm', { auth: 'staff', staffPermission: 'push:configure' }],
  ['POST', '/wps/staff/push/fcm', { auth: 'staff', staffPermission: 'push:configure' }],
  // Issue 30: the staff audit chain.
  ['GET', '/wps/staff/audit', { auth: 'staff', staffPermission: 'audit:read' }],
  // Issue 30 item 2: staff sessions and the merchant's staff.
  ['GET', '/wps/staff/sessions', { auth: 'staff', staffPermission: 'console:open' }],
  ['POST', '/wps/staff/sessions/revoke', { auth: 'staff', staffPermission: 'console:open' }],
  ['GET', '/wps/staff/team', { auth: 'staff', staffPermission: 'staff:manage' }],
  ['GET', '/wps/staff/roles', { auth: 'staff', staffPermission: 'staff:manage' }],
  ['POST', '/wps/staff/team/sessions/revoke', { auth: 'staff', staffPermission: 'staff:manage' }],
  // Issue 30 items 3 and 4: merchants and their theme.
  ['GET', '/wps/staff/merchants', { auth: 'staff', staffPermission: 'merchant:read' }],
  ['GET', '/wps/staff/merchants/:code', { auth: 'staff', staffPermission: 'merchant:read' }],
  ['POST', '/wps/staff/merchants', { auth: 'staff', staffPermission: 'merchant:create' }],
  ['POST', '/wps/staff/merchants/:code', { auth: 'staff', staffPermission: 'merchant:write' }],
  ['POST', '/wps/staff/merchants/:code/theme', { auth: 'staff', staffPermission: 'merchant:write' }],
  // Issue 30 item 10: the reports.
  ['GET', '/wps/staff/reports', { auth: 'staff', staffPermission: 'report:read' }],
  ['GET', '/wps/staff/promotions', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/promotions', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/promotions/:id', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/promotions/:id/retire', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/promotion-categories', { auth: 'staff', staffPermission: 'content:write' }],
  ['GET', '/wps/staff/promo-codes', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/promo-codes', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/promo-codes/:id', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/promo-codes/:id/retire', { auth: 'staff', staffPermission: 'content:write' }],
  ['GET', '/wps/staff/legal', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/legal/:kind', { auth: 'staff', staffPermission: 'content:write' }],
  ['GET', '/wps/staff/links', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/links/downloads', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/links/customer-service', { auth: 'staff', staffPermission: 'content:write' }],
  // Issue 30 item 7: members.
  ['GET', '/wps/staff/members', { auth: 'staff', staffPermission: 'member:read' }],
  ['GET', '/wps/staff/members/:id', { auth: 'staff', staffPermission: 'member:read' }],
  ['GET', '/wps/staff/members/:id/history', { auth: 'staff', staffPermission: 'member:read' }],
  ['GET', '/wps/staff/members/:id/downline', { auth: 'staff', staffPermission: 'member:read' }],
  ['GET', '/wps/staff/members/:id/notes', { auth: 'staff', staffPermission: 'member:read' }],
  ['POST', '/wps/staff/members/:id/notes', { auth: 'staff', staffPermission: 'member:write' }],
  ['POST', '/wps/staff/members/:id/sessions/end', { auth: 'staff', staffPermission: 'member:write' }],
  ['POST', '/wps/staff/members/:id/lock', { auth: 'staff', staffPermission: 'member:write' }],
  ['POST', '/wps/staff/members/:id/unlock', { auth: 'staff', staffPermission: 'member:write' }],
  [
    'POST',
    '/wps/staff/members/:id/reset-second-factor',
    { auth: 'staff', staffPermission: 'member:reset2fa' },
  ],
  // Issue 30 item 5: banners, marquee lines, popup pages and the popup's options.
  ['GET', '/wps/staff/content/banners', { auth: 'staff', staffPermission: 'content:read' }],
  ['GET', '/wps/staff/content/banners/links', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/content/banners', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/content/banners/:id', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/content/banners/:id/retire', { auth: 'staff', staffPermission: 'content:write' }],
  ['GET', '/wps/staff/content/announcements', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/content/announcements', { auth: 'staff', staffPermission: 'content:write' }],
  ['POST', '/wps/staff/content/announcements/:id', { auth: 'staff', staffPermission: 'content:write' }],
  [
    'POST',
    '/wps/staff/content/announcements/:id/retire',
    { auth: 'staff', staffPermission: 'content:write' },
  ],
  ['GET', '/wps/staff/content/popup-options', { auth: 'staff', staffPermission: 'content:read' }],
  ['POST', '/wps/staff/content/popup-options', { auth: 'staff', staffPermission: 'content:write' }],
  // Issue 30 item 6: the back office's Games section.
  ['GET', '/wps/staff/games', { auth: 'staff', staffPermission: 'games:read' }],
  ['POST', '/wps/staff/games/categories/order', { auth: 'staff', staffPermission: 'games:write' }],
  ['POST', '/wps/staff/games/vendors/order', { auth: 'staff', staffPermission: 'games:write' }],
  ['POST', '/wps/staff/games/order', { auth: 'staff', staffPermission: 'games:write' }],
  ['POST', '/wps/staff/games/hot', { auth: 'staff', staffPermission: 'games:write' }],
  ['POST', '/wps/staff/games/availability', { auth: 'staff', staffPermission: 'games:write' }],
  ['POST', '/wps/staff/games/vendors/availability', { auth: 'staff', staffPermission: 'games:write' }],
  ['POST', '/wps/staff/games/vendors/maintenance', { auth: 'staff', staffPermission: 'games:write' }],
];

const FACT_NAMES = [
  'sealed',
  'moduleId',
  'noToken',
  'unauthorized',
  'cached',
  'concurrency',
  'timeout',
  'bodyLimit',
  'auth',
  'staffPermission',
] as const;
const table = Object.values(endpoints as Record<string, EndpointFacts>);

describe('the endpoint table', () => {
  it.each(SPEC)('%s %s has the facts of the spec', (method, path, facts) => {
    const entry = table.find((endpoint) => endpoint.path === path && endpoint.method === method);
    expect(entry, `${method} ${path} is in the table`).toBeDefined();
    for (const name of FACT_NAMES) expect([name, entry?.[name]]).toEqual([name, facts[name]]);
  });

  it('holds exactly the calls listed above, each method and path once', () => {
    const calls = table.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect([...calls].sort()).toEqual(SPEC.map(([method, path]) => `${method} ${path}`).sort());
    expect(new Set(calls).size).toBe(table.length);
  });

  it('pairs every endpoint with a runtime schema', () => {
    for (const name of Object.keys(endpoints)) {
      expect(endpointSchemas[name as keyof typeof endpoints], name).toBeDefined();
    }
  });

  it('derives the transport lists from the facts', () => {
    expect([...NO_TOKEN_PATHS].sort()).toEqual(
      SPEC.filter(([, , facts]) => facts.noToken)
        .map(([, path]) => path)
        .sort(),
    );
    expect([...UNAUTHORIZED_PATHS].sort()).toEqual([
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/relay/MCSFE_getMerchantAvailablePromotions',
      '/wps/session/key/rsa',
    ]);
    expect(CACHED_PATHS).toHaveLength(SPEC.filter(([, , facts]) => facts.cached).length);
  });
});

describe('endpoint schemas refuse what the server must not see', () => {
  it.each([
    [
      'login without type',
      'login',
      { username: 'demo', password: 'x', loginDeviceId: 'd', isOfficialAppLogin: false },
    ],
    ['login with an unknown type', 'login', { type: 'magic', loginDeviceId: 'd', isOfficialAppLogin: false }],
    [
      'a 7-digit second-factor code',
      'loginVerification',
      { verifyToken: 'x'.repeat(16), method: 'ga', code: '1234567' },
    ],
    ['a game page of 0', 'gameList', { page: '0' }],
    ['a game page that is not a number', 'gameList', { page: '1e3' }],
    ['a favourite id past 2^31 - 1', 'toggleFavourite', { gameId: '2147483648', favourite: true }],
    ['a logout body that is not an object', 'logout', [1]],
  ] as const)('%s', (_label, name, input) => {
    expect(endpointSchemas[name].safeParse(input).success).toBe(false);
  });

  it.each([
    ['a game page as text (query string)', 'gameList', { page: '2' }, { page: 2 }],
    ['a game page as a number (typed caller)', 'gameList', { page: 2 }, { page: 2 }],
    ['a logout without a body', 'logout', undefined, undefined],
    [
      'hasLobby as text',
      'launchGame',
      { vendor: 'V', gameCode: 'G', hasLobby: 'true' },
      { hasLobby: 'true' },
    ],
  ] as const)('accepts %s', (_label, name, input, expected) => {
    const result = endpointSchemas[name].safeParse(input);
    expect(result.success).toBe(true);
    if (expected !== undefined) expect(result.data).toMatchObject(expected);
  });
});
