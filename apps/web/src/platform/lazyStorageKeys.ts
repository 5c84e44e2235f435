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
  /** local: the push subscription last bound (its endpoint) and when, for the 7-day refresh. */
  pushBound: 'wps.pushBound',
  /** local: `1` turns push setup off on this device (spec section 4). */
  pushDisabled: 'wps.pushDisabled',
} as const;
