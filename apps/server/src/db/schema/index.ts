/**
 * The database schema (drizzle), one file per domain; this index is what drizzle (db/client.ts),
 * drizzle-kit (drizzle.config.ts) and the services import. A new domain's tables go in a file of
 * their own, exported here.
 */
export * from './merchants.js';
export * from './system.js';
export * from './identity.js';
export * from './member.js';
export * from './games.js';
export * from './content.js';
export * from './social.js';
export * from './staff.js';
export * from './chat.js';
export * from './tracking.js';
export * from './push.js';
export * from './wallet.js';
export * from './cashier.js';
export * from './seamless.js';
export * from './trust.js';
export * from './reports.js';
export * from './memberNotes.js';
export * from './merchant-games.js';
