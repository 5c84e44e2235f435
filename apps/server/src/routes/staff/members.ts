import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChatErrorCode } from '@wps/contract/chat';
import type { StaffActor } from '@wps/contract/staff';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { requireMerchant } from '../../http/merchant.js';
import { staffSessions } from '../../http/staff-session.js';
import { DomainError } from '../../services/errors.js';
import { downlineOf, searchMembers } from '../../services/staff/member-search.js';
import { MemberAdmin } from '../../services/staff/members.js';
import { hasStaffPermission } from '../../services/staff/permissions.js';

/**
 * The back office's Members section (issue 30 item 7). route() finds the actor for the host's
 * merchant, checks the endpoint's permission and audits every POST; the services find the member
 * within the actor's merchant only. The ledger is the wallet's history (its public face), the limits
 * the trust service's status; limits are set by the Compliance calls, not here.
 */
export function staffMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const members = new MemberAdmin({
    db: ctx.db,
    now: ctx.now,
    limitsOf: (member) => ctx.trust.service.status(member),
  });
  /** The merchant of the request: the one the actor acts on (route() made sure). */
  const merchantOf = async (request: FastifyRequest, actor: StaffActor) => {
    const merchant = await requireMerchant(ctx, request);
    if (merchant.id !== actor.merchantId) {
      throw new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'This merchant is outside your scope.');
    }
    return merchant;
  };

  route(
    app,
    'staffMemberSearch',
    (input, _request, _reply, actor) =>
      searchMembers(
        ctx.db,
        actor.merchantId,
        { q: input.q, kind: input.kind, after: input.after },
        hasStaffPermission(actor, 'member:pii'),
      ),
    { staff },
  );
  route(
    app,
    'staffMemberDetail',
    async ({ id }, request, _reply, actor) => members.detail(actor, await merchantOf(request, actor), id),
    { staff },
  );
  route(
    app,
    'staffMemberHistory',
    async ({ id, ...query }, _request, _reply, actor) => {
      await members.require(actor, id);
      return ctx.wallet.history(actor.merchantId, id, query);
    },
    { staff },
  );
  route(
    app,
    'staffMemberDownline',
    async ({ id, after }, _request, _reply, actor) => {
      await members.require(actor, id);
      return downlineOf(ctx.db, actor.merchantId, id, after);
    },
    { staff },
  );
  route(app, 'staffMemberNotes', ({ id }, _request, _reply, actor) => members.notes(actor, id), { staff });
  route(
    app,
    'staffMemberNoteAdd',
    ({ id, body }, _request, _reply, actor) => members.addNote(actor, id, body),
    { staff },
  );
  route(
    app,
    'staffMemberEndSessions',
    ({ id, sessionId, reason }, _request, _reply, actor) =>
      members.endMemberSessions(actor, id, sessionId, reason),
    { staff },
  );
  route(
    app,
    'staffMemberLock',
    ({ id, reason }, _request, _reply, actor) => members.lock(actor, id, reason),
    { staff },
  );
  route(
    app,
    'staffMemberUnlock',
    ({ id, reason }, _request, _reply, actor) => members.unlock(actor, id, reason),
    { staff },
  );
  route(
    app,
    'staffMemberResetSecondFactor',
    ({ id, reason }, _request, _reply, actor) => members.resetSecondFactor(actor, id, reason),
    { staff },
  );
}
