import { CHAT_SOCKET_PATH, STAFF_SOCKET_PATH } from '@wps/contract/chat';
import { endpoints } from '@wps/contract/endpoints';
import { chatServerFrameSchema, type ChatMessage, type ChatServerFrame } from '@wps/contract/schemas/chat';
import { staffServerFrameSchema } from '@wps/contract/schemas/staff';
import type { ZodType } from 'zod';
import type { LoginResult } from '@wps/contract/accounts';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { base32Decode, totp } from '../services/identity/index.js';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../seed/staff.js';
import { DEMO_PASSWORD } from '../seed/members.js';
import { AURORA, loginPayload, LOTUS, sealedPost, value } from './accounts.js';
import type { TestClock } from './clock.js';

/** The address of an app listening on loopback (`app.listen` first). */
export function socketBase(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}`;
}

/** The contract's schema of what the server sends on each socket. */
const SERVER_FRAMES: Readonly<Record<string, ZodType>> = {
  [CHAT_SOCKET_PATH]: chatServerFrameSchema,
  [STAFF_SOCKET_PATH]: staffServerFrameSchema,
};

/**
 * A test's WebSocket: every frame it got, and a wait for the next one that matches. Every frame the
 * server sends is checked against the contract's schema of the socket (`invalid`); closing a socket
 * that heard a frame outside the contract fails the test.
 */
export class TestSocket<F = ChatServerFrame> {
  readonly frames: F[] = [];
  /** Frames that did not pass the contract's schema, with what was wrong. */
  readonly invalid: { frame: unknown; issues: string }[] = [];
  closeCode: number | null = null;
  private waiters: { match: (frame: F) => boolean; resolve: (frame: F) => void }[] = [];
  private readonly closed: Promise<number>;

  private constructor(
    readonly socket: WebSocket,
    schema: ZodType | undefined,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as F;
      const checked = schema?.safeParse(frame);
      if (checked?.success === false) {
        this.invalid.push({ frame, issues: checked.error.issues.map((issue) => issue.message).join('; ') });
      }
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
  }

  static async open<F = ChatServerFrame>(
    app: FastifyInstance,
    path: string,
    options: { host?: string; cookie?: string } = {},
  ): Promise<TestSocket<F>> {
    const socket = new WebSocket(`${socketBase(app)}${path}`, {
      headers: {
        host: options.host ?? AURORA,
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
      },
    });
    const wrapped = new TestSocket<F>(socket, SERVER_FRAMES[path]);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return wrapped;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or next) that matches. */
  next(match: (frame: F) => boolean, timeoutMs = 3_000): Promise<F> {
    const seen = this.frames.find(match);
    if (seen !== undefined) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame in time')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(frame), 1);
          resolve(frame);
        },
      });
    });
  }

  /** Resolves when the server closed it (its close code). */
  whenClosed(): Promise<number> {
    return this.closed;
  }

  async close(): Promise<number> {
    this.socket.close();
    const code = await this.closed;
    if (this.invalid.length > 0) {
      throw new Error(`frames outside the contract's schema: ${JSON.stringify(this.invalid).slice(0, 2000)}`);
    }
    return code;
  }
}

/** The demo staff TOTP code for a time. */
export function staffCode(timeMs: number): string {
  const key = base32Decode(DEMO_STAFF_TOTP_SECRET);
  if (key === null) throw new Error('bad demo secret');
  return totp(key, timeMs);
}

/** Signs a demo staff member in; the answer's cookie (`wps_staff=…`). */
export async function staffSignIn(
  app: FastifyInstance,
  username: string,
  timeMs: number,
  host = AURORA,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/staff/login',
    headers: { host, 'content-type': 'application/json', origin: `http://${host}` },
    payload: { username, password: DEMO_STAFF_PASSWORD, code: staffCode(timeMs) },
  });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.body}`);
  const cookie = String(response.headers['set-cookie'] ?? '');
  return cookie.split(';')[0] ?? '';
}

/** Each staff sign-in of `clock`'s tests uses a fresh authenticator step (a code is never accepted twice). */
export function staffSignerOn(clock: TestClock) {
  return (app: FastifyInstance, username: string, host = AURORA): Promise<string> => {
    clock.advance(30_000);
    return staffSignIn(app, username, clock.now(), host);
  };
}

/** A call of the staff console's API with its cookie (a POST as the console sends it). */
export async function staffCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  cookie: string,
  body?: unknown,
  host = AURORA,
) {
  return app.inject({
    method,
    url: `/wps/staff/${path}`,
    headers: {
      host,
      cookie,
      ...(method === 'POST' ? { 'content-type': 'application/json', origin: `http://${host}` } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export async function memberToken(app: FastifyInstance, username: string, host = LOTUS): Promise<string> {
  const result = value<LoginResult>(
    await sealedPost(app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host }),
  );
  return result.token;
}

export async function hello(
  app: FastifyInstance,
  frame: { token?: string; visitor?: string; since?: number } = {},
  host = LOTUS,
): Promise<{ socket: TestSocket; ready: Extract<ChatServerFrame, { type: 'ready' }> }> {
  const socket = await TestSocket.open(app, CHAT_SOCKET_PATH, { host });
  socket.send({ type: 'hello', language: 'en', ...frame });
  const ready = (await socket.next((f) => f.type === 'ready')) as Extract<ChatServerFrame, { type: 'ready' }>;
  return { socket, ready };
}

export async function sendAndAck(socket: TestSocket, clientId: string, body: string): Promise<ChatMessage> {
  socket.send({ type: 'send', clientId, body });
  const ack = (await socket.next((f) => f.type === 'ack' && f.clientId === clientId)) as Extract<
    ChatServerFrame,
    { type: 'ack' }
  >;
  return ack.message;
}
