import { CHAT_SOCKET_PATH, ChatErrorCode } from '@wps/contract/chat';
import { chatClientFrameSchema, type ChatServerFrame } from '@wps/contract/schemas/chat';
import type { StaffServerFrame } from '@wps/contract/schemas/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import { statusOf } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import type { AuthenticatedSession } from '../../services/identity/index.js';
import { availabilityAt, type ChatOwner, ownerKey, RateLimited } from '../../services/chat/index.js';
import { DomainError } from '../../services/errors.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { clientIp } from '../accounts/common.js';
import { parseFrame } from './frames.js';

/** A socket that has not said hello by then is closed. */
const HELLO_TIMEOUT_MS = 10_000;
/** A member's session is checked again before a send when the last check is older than this. */
const SESSION_RECHECK_MS = 60_000;
/** Protocol pings; a socket that missed one is gone. */
export const HEARTBEAT_MS = 30_000;

/** One frame to a socket (a member's hears ChatServerFrame, a staff member's StaffServerFrame). */
export function send(socket: WebSocket, frame: ChatServerFrame | StaffServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** Pings every HEARTBEAT_MS; a socket that did not answer the last ping is terminated. */
export function keepAlive(socket: WebSocket): void {
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const timer = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, HEARTBEAT_MS);
  timer.unref();
  socket.on('close', () => clearInterval(timer));
}

/** Typing and receipt frames one socket may send per window; the rest are dropped. */
export const SIGNALS_PER_WINDOW = 20;
const SIGNAL_WINDOW_MS = 10_000;

class SignalBudget {
  private windowStart = 0;
  private used = 0;

  take(now: number): boolean {
    if (now - this.windowStart >= SIGNAL_WINDOW_MS) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used += 1;
    return this.used <= SIGNALS_PER_WINDOW;
  }
}

interface Identity {
  merchant: Merchant;
  owner: ChatOwner;
  language: string | null;
  token: string | null;
  checkedAt: number;
}

/**
 * The member's (or visitor's) socket. The first frame is `hello` with the session token (never in the
 * URL: addresses are logged) or the visitor id the server issued; then sends, receipts and typing,
 * handled one at a time in arrival order.
 */
export function memberSocketRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(CHAT_SOCKET_PATH, { websocket: true }, (socket, request) => {
    keepAlive(socket);
    let identity: Identity | null = null;
    let leave: (() => void) | null = null;
    let queue: Promise<void> = Promise.resolve();
    const signals = new SignalBudget();
    const merchant = requireMerchant(ctx, request);
    merchant.catch(() => socket.close(4404, 'unknown domain'));
    const helloTimer = setTimeout(() => {
      if (identity === null) socket.close(4408, 'hello expected');
    }, HELLO_TIMEOUT_MS);
    helloTimer.unref();

    socket.on('close', () => {
      clearTimeout(helloTimer);
      leave?.();
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        socket.close(1003, 'text frames only');
        return;
      }
      const raw = Array.isArray(data)
        ? Buffer.concat(data).toString()
        : Buffer.from(data as ArrayBuffer).toString();
      queue = queue.then(async () => {
        const frame = parseFrame(chatClientFrameSchema, raw);
        if (frame === null) {
          send(socket, { type: 'error', code: 'invalid_request' } satisfies ChatServerFrame);
          return;
        }
        try {
          if (frame.type === 'ping') {
            send(socket, { type: 'pong' } satisfies ChatServerFrame);
          } else if (frame.type === 'hello') {
            if (identity !== null) return;
            const resolved = await identify(ctx, request, await merchant, frame);
            identity = resolved;
            leave = ctx.chat.hub.addMember(resolved.merchant.id, ownerKey(resolved.owner), {
              send: (event) => send(socket, event),
            });
            const history = await ctx.chat.conversations.history(
              resolved.merchant.id,
              resolved.owner,
              frame.since ?? 0,
            );
            const unread = await ctx.chat.conversations.unread(resolved.merchant.id, resolved.owner);
            send(socket, {
              type: 'ready',
              visitor: resolved.owner.kind === 'visitor' ? resolved.owner.visitorId : null,
              ...history,
              unread,
              availability: availabilityAt(resolved.merchant.settings.supportHours, ctx.now()),
            } satisfies ChatServerFrame);
          } else if (identity === null) {
            send(socket, { type: 'error', code: ChatErrorCode.CHAT_NOT_READY } satisfies ChatServerFrame);
          } else if (frame.type === 'send') {
            await recheck(ctx, request, identity);
            try {
              const { message } = await ctx.chat.conversations.memberSend(
                identity.merchant.id,
                identity.owner,
                frame.clientId,
                frame.body,
                identity.language,
                frame.attachmentId ?? null,
              );
              send(socket, { type: 'ack', clientId: frame.clientId, message } satisfies ChatServerFrame);
            } catch (error) {
              if (!(error instanceof RateLimited)) throw error;
              send(socket, {
                type: 'error',
                code: error.code,
                clientId: frame.clientId,
                retryAfterMs: error.retryAfterMs,
              } satisfies ChatServerFrame);
            }
          } else if (!signals.take(ctx.now())) {
            // Typing and receipts past the socket's budget are dropped: they are hints, and each
            // costs a database write and a notification.
            return;
          } else if (frame.type === 'typing') {
            await ctx.chat.conversations.memberTyping(identity.merchant.id, identity.owner, frame.on);
          } else {
            await ctx.chat.conversations.memberReceipt(
              identity.merchant.id,
              identity.owner,
              frame.type,
              frame.upTo,
            );
          }
        } catch (error) {
          if (error instanceof DomainError) {
            send(socket, { type: 'error', code: error.code } satisfies ChatServerFrame);
            // No valid identity, or a session that is gone, ends the socket: the app logs the chat out.
            if (frame.type === 'hello' || statusOf(error.code) === 401) socket.close(4401, 'not signed in');
            return;
          }
          request.log.error({ err: error }, 'chat socket frame failed');
          send(socket, { type: 'error', code: 'service_unavailable' } satisfies ChatServerFrame);
        }
      });
    });
  });
}

async function identify(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
  hello: { token?: string | undefined; visitor?: string | undefined; language?: string | undefined },
): Promise<Identity> {
  const language = hello.language ?? null;
  const checkedAt = ctx.now();
  const visitor = hello.visitor === undefined ? null : ctx.chat.visitors.verify(merchant.id, hello.visitor);
  if (hello.token !== undefined && hello.token !== '') {
    const session: AuthenticatedSession = await ctx.identity.sessions.authenticate(
      hello.token,
      merchant.id,
      clientIp(request),
    );
    // A visitor who logged in keeps the conversation they had as a visitor on this device.
    if (visitor !== null)
      await ctx.chat.conversations.adoptVisitor(merchant.id, visitor, session.customer.id);
    return {
      merchant,
      owner: { kind: 'member', customerId: session.customer.id },
      language,
      token: hello.token,
      checkedAt,
    };
  }
  return {
    merchant,
    owner: { kind: 'visitor', visitorId: visitor ?? ctx.chat.visitors.issue(merchant.id) },
    language,
    token: null,
    checkedAt,
  };
}

/** A member's session revoked (logout elsewhere, expiry) stops the socket's sends. */
async function recheck(ctx: AppContext, request: FastifyRequest, identity: Identity): Promise<void> {
  if (identity.token === null || ctx.now() - identity.checkedAt < SESSION_RECHECK_MS) return;
  await ctx.identity.sessions.authenticate(identity.token, identity.merchant.id, clientIp(request));
  identity.checkedAt = ctx.now();
}
