/**
 * Storage keys only lazy chunks use (tracking, push, sign-in, install, chat), kept out of `StorageKey` (platform/storage.ts) so
 * their names do not weigh on the first load. Same rule: one place, the store named in the comment.
 */
export const LazyStorageKey = {
  /** local: click ids and campaign parameters of the arrivals, each with its expiry. */
  clickIds: 'wps.clickIds',
  /** local: marketing events waiting to be delivered. */
  marketingQueue: 'wps.marketingQueue',
  /** local: once-per-device marketing events already recorded (firstOpen, a2hsFirstOpen). */
  marketingOnce: 'wps.marketingOnce',
  /** local: ids of the server's money events already mirrored to the ad pixels (the latest 50). */
  mirroredEvents: 'wps.mirroredEvents',
  /** session: the performance beacon was sent in this session. */
  performanceSent: 'wps.performanceSent',
  /** session: the device-id iframe was loaded in this session. */
  deviceFrameLoaded: 'wps.deviceFrameLoaded',
  /**
   * local: the push installation and its token (features/push/tokenLifecycle.ts): registration
   * status 0/1/2, the token's request status 0/1/2, the endpoint bound and when (7-day refresh).
   */
  pushInstallation: 'wps.pushInstallation',
  /** local: the native shell's push token last bound (or refused) and when (features/push/shellToken.ts). */
  pushShellBind: 'wps.pushShellBind',
  /** local: the push heartbeat, days push was set up (30 days, at most 1024 bytes). */
  pushHeartbeat: 'wps.pushHeartbeat',
  /** local: `1` turns push setup off on this device (spec section 4). */
  pushDisabled: 'wps.pushDisabled',
  /** local: the last username that signed in, to fill the login form (not secret; never a password). */
  rememberedName: 'wps.rememberedName',
  /** local, older versions only: a sealed password for auto-login; deleted at start, never written. */
  legacyCredentials: 'wps.rememberedCredentials',
  /** local, older versions only: the auto-login switch; deleted at start, never written. */
  legacyAutoLogin: 'wps.autoLogin',
  /** local: the Line-style session token. */
  lineSessionToken: 'wps.lineSessionToken',
  /** session: the LINE sign-in under way (state, PKCE verifier, redirect URI, go). */
  linePending: 'wps.linePending',
  /** session: when this tab sent the member to Telegram's login widget (its result is accepted only then). */
  telegramPending: 'wps.telegramPending',
  /** session: a Firebase redirect sign-in under way (its channel). */
  firebaseRedirect: 'wps.firebaseRedirect',
  /** session: the browser blocked a sign-in popup; later sign-ins redirect. */
  socialPopupBlocked: 'wps.socialPopupBlocked',
  /** local: the app was installed from the install prompt. */
  installed: 'wps.installed',
  /** local: how often the install prompt was declined (99 once installed). */
  installCount: 'wps.installCount',
  /** session: the install prompt was declined in this session. */
  installDeclined: 'wps.installDeclined',
  /** local: the day the notification prompt was last closed. */
  notificationPromptClosedOn: 'wps.notificationPromptClosedOn',
  /** local: the support chat's visitor id (server-issued); removed on logout (issue 16). */
  chatVisitor: 'wps.chatVisitor',
  /** local: the support chat's unsent messages per merchant and member or visitor; removed on logout. */
  chatOutbox: 'wps.chatOutbox',
  /** session: where to go after registration with login. */
  goTarget: 'wps.goTarget',
  /** session: the download bar was closed for this session. */
  hideDownloadBar: 'wps.hideDownloadBar',
  /** local (and a cookie): the 36-character device id. */
  deviceId: 'wps.deviceId',
  /** session: launched as an iOS web clip. */
  webclip: 'wps.webclip',
  /** local: the affiliate (domain, code, referralCode). */
  affiliateInfo: 'wps.affiliateInfo',
  /** local: the image format the browser decodes (na, webp, avif). */
  imageFormat: 'wps.imageFormat',
} as const;
