/**
 * The chat domain (issue 16): the support chat's conversations (conversations.ts over state.ts,
 * attachments.ts and queue.ts; changes sent out by outbox.ts), the transport between instances and to
 * the sockets (transport/: the bus and this instance's hub), visitors' ids, and the staff console's
 * accounts. Its public face: other folders import the domain from here only (the linter refuses a
 * deep import).
 */
import type { Database, Db } from '../../db/client.js';
import { LoginThrottle, PasswordHasher, type ThrottleLimits } from '../identity/index.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { StaffService } from '../staff/staff.js';
import { databaseChatBus } from './transport/bus.js';
import { ChatService } from './conversations.js';
import { ChatHub } from './transport/hub.js';
import { VisitorIds } from './visitor.js';

export { availabilityAt } from './hours.js';
export { type ChatOwner, ownerKey, RateLimited, type StaffActor } from './model.js';
export type { ChatQueueItem as QueueItem, StaffServerFrame as StaffFrame } from '@wps/contract/schemas/staff';

/** The support chat and the staff console's accounts (issue 16). */
export interface ChatServices {
  hub: ChatHub;
  conversations: ChatService;
  visitors: VisitorIds;
  staff: StaffService;
}

export interface ChatServiceOptions {
  db: Db;
  /** Notifications between instances (LISTEN/NOTIFY, or in process on PGlite). */
  notifications: Pick<Database, 'notify' | 'listen'>;
  secretKey: string;
  kek: KeyEncryptionKey;
  passwordHashing: { memoryKib: number; timeCost: number };
  /** The staff sign-in's limits (the members' login limits, counted apart). */
  loginThrottle: ThrottleLimits;
  now: () => number;
}

/** The staff sign-in's counters in `rate_limits` (apart from the members' `login`). */
export const STAFF_THROTTLE_NAMESPACE = 'staff-login';

export function createChatServices(options: ChatServiceOptions): ChatServices {
  const hub = new ChatHub(databaseChatBus(options.notifications));
  return {
    hub,
    conversations: new ChatService(options.db, hub, options.now),
    visitors: new VisitorIds(options.secretKey),
    staff: new StaffService({
      db: options.db,
      hasher: new PasswordHasher(options.passwordHashing),
      kek: options.kek,
      now: options.now,
      throttle: new LoginThrottle(options.db, options.loginThrottle, options.now, STAFF_THROTTLE_NAMESPACE),
    }),
  };
}
