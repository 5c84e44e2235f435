import type { StaffActor } from '@wps/contract/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
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
}

export function staffSessions(ctx: AppContext): StaffSessions {
  return {
    actorOf: async (request) => {
      const merchant = await requireMerchant(ctx, request);
      return ctx.chat.staff.authenticate(staffCookieToken(request), merchant.id);
    },
  };
}
