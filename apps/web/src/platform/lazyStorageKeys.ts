/**
 * Storage keys of the tracking and push chunks, kept out of `StorageKey` (platform/storage.ts) so
 * their names do not weigh on the first load. Same rule: one place, the store named in the comment.
 */
export const LazyStorageKey = {
  /** local: click ids and campaign parameters of the arrivals, each with its expiry. */
  clickIds: 'wps.clickIds',
  /** local: marketing events waiting to be delivered. */
  marketingQueue: 'wps.marketingQueue',
  /** local: once-per-device marketing events already recorded (firstOpen, a2hsFirstOpen). */
  marketingOnce: 'wps.marketingOnce',
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
} as const;
