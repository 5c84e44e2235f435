import { STAFF_SOCKET_PATH } from '@wps/contract/chat';
import { staffClientFrameSchema } from '@wps/contract/schemas/staff';
import type { StaffActor } from '@wps/contract/staff';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { chatCannedReplies } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { setStaffCookie, staffCookieToken, staffSessions } from '../../http/staff-session.js';
import { requireStaffPermission, signedIn } from '../../services/staff/permissions.js';
import { STAFF_SESSION_TTL_MS } from '../../services/staff/staff.js';
import { clientIp } from '../accounts/common.js';
import { requireMerchant } from '../../http/merchant.js';
import { parseFrame } from './frames.js';
import { keepAlive, send } from './socket.js';

/** How often an open staff socket checks that its session still lasts (ended, expired, lost its grant). */
export const STAFF_SOCKET_RECHECK_MS = 15_000;

/**
 * The staff console's calls under /wps/staff (the table's `auth: 'staff'` entries: route() finds the
 * staff member of the session cookie and checks the permission each names; the origin guard refuses
 * cross-site POSTs; the cookie is SameSite=Strict), and its socket: the merchant's queue and messages
 * as they happen.
 */
export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const chat = ctx.chat.conversations;
  const staff = staffSessions(ctx);

  route(
    app,
    'staffLogin',
    async (input, request, reply) => {
      const merchant = await requireMerchant(ctx, request);
      const userAgent = request.headers['user-agent'];
      const { token, actor } = await ctx.chat.staff.signIn(
        merchant.id,
        input,
        clientIp(request),
        typeof userAgent === 'string' ? userAgent : null,
      );
      setStaffCookie(request, reply, token, Math.floor(STAFF_SESSION_TTL_MS / 1000));
      return signedIn(actor);
    },
    { staff },
  );

  route(
    app,
    'staffLogout',
    async (_input, request, reply) => {
      await ctx.chat.staff.signOut(staffCookieToken(request));
      setStaffCookie(request, reply, '', 0);
      return null;
    },
    { staff },
  );

  route(app, 'staffMe', (_input, _request, _reply, actor) => signedIn(actor), { staff });

  route(app, 'staffColleagues', (_input, _request, _reply, actor) => ctx.chat.staff.colleagues(actor), {
    staff,
  });

  route(
    app,
    'staffCannedReplies',
    (_input, _request, _reply, actor) =>
      ctx.db
        .select({ id: chatCannedReplies.id, title: chatCannedReplies.title, body: chatCannedReplies.body })
        .from(chatCannedReplies)
        .where(eq(chatCannedReplies.merchantId, actor.merchantId))
        .orderBy(chatCannedReplies.id),
    { staff },
  );

  route(app, 'staffQueue', (_input, _request, _reply, actor) => chat.queue(actor), { staff });

  route(
    app,
    'staffMessages',
    ({ id, since }, _request, _reply, actor) => chat.staffMessages(actor, id, since),
    { staff },
  );

  route(
    app,
    'staffReply',
    async ({ id, clientId, body, attachmentId }, _request, _reply, actor) =>
      (await chat.reply(actor, id, clientId, body, attachmentId ?? null)).message,
    { staff },
  );

  // An agent's image: checked as a member's is (the bytes' type, the size), then sent by a reply.
  route(
    app,
    'staffAttachment',
    ({ id, data }, _request, _reply, actor) => chat.staffAttach(actor, id, data),
    { staff },
  );

  route(
    app,
    'staffRead',
    async ({ id, upTo }, _request, _reply, actor) => {
      await chat.staffReceipt(actor, id, upTo);
      return null;
    },
    { staff },
  );

  route(app, 'staffPickUp', ({ id }, _request, _reply, actor) => chat.pickUp(actor, id), { staff });

  route(
    app,
    'staffTransfer',
    ({ id, staffId }, _request, _reply, actor) => chat.transfer(actor, id, staffId),
    { staff },
  );

  route(app, 'staffClose', ({ id }, _request, _reply, actor) => chat.close(actor, id), { staff });

  app.get(STAFF_SOCKET_PATH, { websocket: true }, (socket, request) => {
    keepAlive(socket);
    let leave: (() => void) | null = null;
    let actor: StaffActor | null = null;
    const signedOut = () => socket.close(4401, 'not signed in');
    /** The session as it is now: an ended (revoked) session, a lost grant or scope closes the socket. */
    const current = () =>
      staff.actorOf(request).then((found) => {
        requireStaffPermission(found, 'chat:read');
        return found;
      });
    const ready = current()
      .then((found) => {
        actor = found;
        leave = ctx.chat.hub.addStaff(found.merchantId, { send: (frame) => send(socket, frame) });
        send(socket, { type: 'ready' });
      })
      .catch(signedOut);
    // The merchant's chat reaches a socket only while its session lasts (issue 30 item 2).
    const recheck = setInterval(() => {
      if (actor !== null) current().catch(signedOut);
    }, STAFF_SOCKET_RECHECK_MS);
    recheck.unref();
    socket.on('close', () => {
      clearInterval(recheck);
      leave?.();
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const raw = Array.isArray(data)
        ? Buffer.concat(data).toString()
        : Buffer.from(data as ArrayBuffer).toString();
      void ready.then(async () => {
        const frame = parseFrame(staffClientFrameSchema, raw);
        if (frame === null || actor === null) return;
        // Every frame asks for the session again: an ended one is closed before anything is done.
        const now = await current().catch(() => null);
        if (now === null) {
          signedOut();
          return;
        }
        if (frame.type === 'ping') send(socket, { type: 'pong' });
        else if (frame.type === 'typing') {
          await chat.staffTyping(now, frame.conversationId, frame.on).catch(() => undefined);
        }
      });
    });
  });
}
