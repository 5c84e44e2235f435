import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@wps/contract/endpoints';
import type { ActiveBreak, ResponsibleGamingStatus } from '@wps/contract/trust';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/raw.js';
import { DEMO_PASSWORD } from '../seed/members.js';
import { get, LOTUS, plainPost, sealedPost, value, type CallOptions } from './accounts.js';
import { memberToken, staffCall } from './chat.js';

/** The member's responsible-gaming status as the member's own call answers it. */
export async function rgStatus(app: FastifyInstance, member: CallOptions): Promise<ResponsibleGamingStatus> {
  return value<ResponsibleGamingStatus>(await get(app, '/wps/rg', member));
}

/** The amount of one of the member's limits (null: none). */
export async function limitOf(
  app: FastifyInstance,
  member: CallOptions,
  type: string,
): Promise<string | null> {
  const status = await rgStatus(app, member);
  return status.limits.find((limit) => limit.type === type)?.amount ?? null;
}

/** The member sets a limit on their own (a raise or removal is parked). */
export function memberSetsLimit(
  app: FastifyInstance,
  member: CallOptions,
  type: string,
  amount: string | null,
) {
  return plainPost(app, '/wps/rg/limits', { type, amount }, member);
}

export async function usernameOf(db: Db, customerId: number): Promise<string> {
  const [row] = await rowsOf<{ username: string }>(
    db,
    sql`SELECT username FROM customers WHERE id = ${customerId}`,
  );
  if (row === undefined) throw new Error(`no customer ${customerId}`);
  return row.username;
}

/** Another signed-in session of the same member (a second device). */
export async function secondSession(
  app: FastifyInstance,
  db: Db,
  customerId: number,
  host = LOTUS,
): Promise<CallOptions> {
  return { host, token: await memberToken(app, await usernameOf(db, customerId), host) };
}

/** The staff console's id of the signed-in staff member. */
export async function staffIdOf(app: FastifyInstance, cookie: string, host = LOTUS): Promise<number> {
  return value<{ id: number }>(await staffCall(app, 'GET', 'me', cookie, undefined, host)).id;
}

/**
 * The trust audit row every new member starts with: the acceptance of the seeded terms (version 1)
 * at registration, by the member itself (issue 29).
 */
export const REGISTERED_AUDIT = {
  actor: 'member',
  actor_id: null,
  action: 'terms.accept',
  requested: { version: 1, at: 'registration', attestedBy: null },
  effect: { version: 1, previous: null },
} as const;

/** The trust audit rows of a member, as stored (oldest first). */
export async function auditRowsOf(
  db: Db,
  customerId: number,
): Promise<
  { actor: string; actor_id: number | null; action: string; requested: unknown; effect: unknown }[]
> {
  return rowsOf(
    db,
    sql`SELECT actor, actor_id, action, requested, effect FROM trust_audit WHERE customer_id = ${customerId} ORDER BY id`,
  );
}

/** The member takes a break through the app (the password confirms it), from the session given. */
export async function memberTakesBreak(
  app: FastifyInstance,
  member: CallOptions,
  kind: 'time_out' | 'self_exclusion',
  duration: string,
): Promise<ActiveBreak> {
  return value<ActiveBreak>(
    await sealedPost(app, endpoints.rgBreak.path, { kind, duration, password: DEMO_PASSWORD }, member),
  );
}
