import type { StaffActor } from '@wps/contract/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { normalizeIp } from '../lib/ip-rules.js';
import { appendStaffAudit } from '../services/staff/audit-chain.js';
import type { PendingStaffAudit } from '../services/staff/audit-context.js';
import { requireMerchant } from './merchant.js';

/** The staff console's session cookie (HttpOnly, SameSite=Strict, Secure over https, path /). */
export const STAFF_COOKIE = 'wps_staff';

/** The staff session token the request's cookie carries. */
export function staffCookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STAFF_COOKIE) return rest.join('=');
  }
  return undefined;
}

export function setStaffCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeS: number,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${STAFF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure}`,
  );
}

/** Who a staff call acts for: route() asks it for every call of the table that names a permission. */
export interface StaffSessions {
  /**
   * The staff member of the request's session cookie, for the merchant of the request's host only:
   * 404 domain_not_available for an unknown host, 401 staff_not_signed_in without a live session of
   * this merchant (another merchant's session included).
   */
  actorOf(request: FastifyRequest): Promise<StaffActor>;
  /**
   * Appends a staff write (or a refused attempt) to the merchant's audit chain: the actor's merchant,
   * else the host's (a sign-in). The request's own id and address go with it. Nothing is appended for
   * a host that names no merchant (there is no chain to append to).
   */
  record(request: FastifyRequest, entry: StaffWriteRecord): Promise<void>;
  /**
   * The audit record of a signed-in staff member's write about to run, for the service to append in
   * the transaction that makes the change (services/staff/audit-context.ts).
   */
  pendingWrite(request: FastifyRequest, action: string, actor: StaffActor): PendingStaffAudit;
}

/** What route() knows of a staff write when it is done or refused. */
export interface StaffWriteRecord {
  action: string;
  actor: Pick<StaffActor, 'id' | 'merchantId'> | null;
  outcome: 'ok' | 'refused';
  errorCode: string | null;
  request: unknown;
  after?: unknown;
}

export function staffSessions(ctx: AppContext): StaffSessions {
  return {
    actorOf: async (request) => {
      const merchant = await requireMerchant(ctx, request);
      return ctx.chat.staff.authenticate(staffCookieToken(request), merchant.id);
    },
    pendingWrite: (request, action, actor) => ({
      record: {
        merchantId: actor.merchantId,
        staffId: actor.id,
        action,
        request: request.body,
        ip: normalizeIp(request.ip),
        requestId: String(request.id),
        at: ctx.now(),
      },
      appendedIn: null,
    }),
    record: async (request, entry) => {
      // A host no merchant serves has no chain to append to: the call was already refused 404, and
      // there is nothing to record, so it is skipped rather than reported as an audit failure.
      const merchantId = entry.actor?.merchantId ?? (await ctx.merchants.byHost(request.host))?.id;
      if (merchantId === undefined) return;
      await ctx.db.transaction((tx) =>
        appendStaffAudit(tx, {
          merchantId,
          staffId: entry.actor?.id ?? null,
          action: entry.action,
          outcome: entry.outcome,
          errorCode: entry.errorCode,
          request: entry.request,
          ...(entry.after === undefined ? {} : { after: entry.after }),
          ip: normalizeIp(request.ip),
          requestId: String(request.id),
          at: ctx.now(),
        }),
      );
    },
  };
}
