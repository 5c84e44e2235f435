import { ok, STAFF_SOCKET_PATH } from '@wps/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import type { StaffActor } from '../../services/chat/index.js';
import { STAFF_SESSION_TTL_MS } from '../../services/staff/staff.js';
import { ATTACHMENT_BODY_LIMIT } from './attachments.js';
import {
  attachmentUploadSchema,
  conversationParamSchema,
  parseFrame,
  readSchema,
  replySchema,
  sinceSchema,
  staffFrameSchema,
  staffLoginSchema,
  transferSchema,
} from './frames.js';
import { keepAlive, send } from './socket.js';
import { clientIp } from '../accounts/common.js';
import { chatCannedReplies } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

/** The staff console's session cookie (HttpOnly, SameSite=Strict, Secure over https, path /). */
export const STAFF_COOKIE = 'wps_staff';

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STAFF_COOKIE) return rest.join('=');
  }
  return undefined;
}

function setCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeS: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${STAFF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure}`,
  );
}

async function actorOf(ctx: AppContext, request: FastifyRequest): Promise<StaffActor> {
  const merchant = await requireMerchant(ctx, request);
  return ctx.chat.staff.authenticate(cookieToken(request), merchant.id);
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  return parseInput(schema, value ?? {});
}

/**
 * The staff console's calls under /wps/staff (the origin guard refuses cross-site POSTs; the cookie
 * is SameSite=Strict), and its socket: the merchant's queue and messages as they happen.
 */
export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const chat = ctx.chat.conversations;

  app.post('/wps/staff/login', async (request, reply) => {
    const input = parse(staffLoginSchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const { token, actor } = await ctx.chat.staff.signIn(merchant.id, input, clientIp(request));
    setCookie(request, reply, token, Math.floor(STAFF_SESSION_TTL_MS / 1000));
    return ok(actor);
  });

  app.post('/wps/staff/logout', async (request, reply) => {
    await ctx.chat.staff.signOut(cookieToken(request));
    setCookie(request, reply, '', 0);
    return ok(null);
  });

  app.get('/wps/staff/me', async (request) => ok(await actorOf(ctx, request)));

  app.get('/wps/staff/agents', async (request) =>
    ok(await ctx.chat.staff.colleagues(await actorOf(ctx, request))),
  );

  app.get('/wps/staff/canned', async (request) => {
    const actor = await actorOf(ctx, request);
    return ok(
      await ctx.db
        .select({ id: chatCannedReplies.id, title: chatCannedReplies.title, body: chatCannedReplies.body })
        .from(chatCannedReplies)
        .where(eq(chatCannedReplies.merchantId, actor.merchantId))
        .orderBy(chatCannedReplies.id),
    );
  });

  app.get('/wps/staff/conversations', async (request) => ok(await chat.queue(await actorOf(ctx, request))));

  app.get('/wps/staff/conversations/:id/messages', async (request) => {
    const actor = await actorOf(ctx, request);
    const { id } = parse(conversationParamSchema, request.params);
    const { since } = parse(sinceSchema, request.query);
    return ok(await chat.staffMessages(actor, id, since));
  });

  app.post('/wps/staff/conversations/:id/messages', async (request) => {
    const actor = await actorOf(ctx, request);
    const { id } = parse(conversationParamSchema, request.params);
    const { clientId, body, attachmentId } = parse(replySchema, request.body);
    return ok((await chat.reply(actor, id, clientId, body, attachmentId ?? null)).message);
  });

  // An agent's image: checked as a member's is (the bytes' type, the size), then sent by a reply.
  app.post(
    '/wps/staff/conversations/:id/attachments',
    { bodyLimit: ATTACHMENT_BODY_LIMIT },
    async (request) => {
      const actor = await actorOf(ctx, request);
      const { id } = parse(conversationParamSchema, request.params);
      const { data } = parse(attachmentUploadSchema, request.body);
      return ok(await chat.staffAttach(actor, id, data));
    },
  );

  app.post('/wps/staff/conversations/:id/read', async (request) => {
    const actor = await actorOf(ctx, request);
    const { id } = parse(conversationParamSchema, request.params);
    const { upTo } = parse(readSchema, request.body);
    await chat.staffReceipt(actor, id, upTo);
    return ok(null);
  });

  app.post('/wps/staff/conversations/:id/pickup', async (request) => {
    const actor = await actorOf(ctx, request);
    return ok(await chat.pickUp(actor, parse(conversationParamSchema, request.params).id));
  });

  app.post('/wps/staff/conversations/:id/transfer', async (request) => {
    const actor = await actorOf(ctx, request);
    const { id } = parse(conversationParamSchema, request.params);
    return ok(await chat.transfer(actor, id, parse(transferSchema, request.body).staffId));
  });

  app.post('/wps/staff/conversations/:id/close', async (request) => {
    const actor = await actorOf(ctx, request);
    return ok(await chat.close(actor, parse(conversationParamSchema, request.params).id));
  });

  app.get(STAFF_SOCKET_PATH, { websocket: true }, (socket, request) => {
    keepAlive(socket);
    let leave: (() => void) | null = null;
    let actor: StaffActor | null = null;
    const ready = actorOf(ctx, request).then(
      (found) => {
        actor = found;
        leave = ctx.chat.hub.addStaff(found.merchantId, { send: (event) => send(socket, event) });
        send(socket, { type: 'ready' });
      },
      () => socket.close(4401, 'not signed in'),
    );
    socket.on('close', () => leave?.());
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const raw = Array.isArray(data)
        ? Buffer.concat(data).toString()
        : Buffer.from(data as ArrayBuffer).toString();
      void ready.then(async () => {
        const frame = parseFrame(staffFrameSchema, raw);
        if (frame === null || actor === null) return;
        if (frame.type === 'ping') send(socket, { type: 'pong' });
        else await chat.staffTyping(actor, frame.conversationId, frame.on).catch(() => undefined);
      });
    });
  });
}
