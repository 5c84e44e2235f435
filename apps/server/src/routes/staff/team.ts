import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffCookieToken, staffSessions } from '../../http/staff-session.js';
import { sha256Hex } from '../../lib/tokens.js';
import { StaffTeam } from '../../services/staff/team.js';

/** The hash of the request's own session token (to mark the current session), or null. */
function currentTokenHash(request: FastifyRequest): string | null {
  const token = staffCookieToken(request);
  return token === undefined || token === '' ? null : sha256Hex(token);
}

/**
 * Staff sessions and the merchant's staff (issue 30 item 2): the caller's own sessions (any staff
 * member), and with staff:manage the merchant's staff, their roles and sessions. route() finds the
 * actor for the host's merchant and checks the permission; every revoke is audited by it.
 */
export function staffTeamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const team = new StaffTeam(ctx.db, ctx.now);

  route(
    app,
    'staffSessions',
    (_input, request, _reply, actor) => team.ownSessions(actor, currentTokenHash(request)),
    {
      staff,
    },
  );
  route(
    app,
    'staffRevokeSession',
    ({ sessionId }, _request, _reply, actor) => team.revokeOwn(actor, sessionId),
    {
      staff,
    },
  );
  route(
    app,
    'staffTeam',
    (_input, request, _reply, actor) => team.members(actor, currentTokenHash(request)),
    {
      staff,
    },
  );
  route(app, 'staffRoles', (_input, _request, _reply, actor) => team.roles(actor), { staff });
  route(
    app,
    'staffRevokeTeamSession',
    ({ sessionId }, _request, _reply, actor) => team.revokeMember(actor, sessionId),
    { staff },
  );
}
