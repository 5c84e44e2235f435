import type { Db } from '../../db/client.js';

/** What the member services are built from: the database and the clock. */
export interface MemberDeps {
  db: Db;
  now: () => number;
}
