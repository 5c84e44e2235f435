import {
  endpoints,
  type EndpointAnswer,
  type EndpointName,
  type EndpointParsed,
  type Endpoints,
} from '@wps/contract/endpoints';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import { ErrorCode } from '@wps/contract/errorCodes';
import { ok, type WpsSuccess } from '@wps/contract/envelope';
import type { StaffActor, StaffPermission } from '@wps/contract/staff';
import { TransportHeader } from '@wps/contract/transport';
import { endpointSchemas } from '@wps/contract/endpointSchemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { requireStaffPermission } from '../services/staff/permissions.js';
import { runStaffWrite, type PendingStaffAudit } from '../services/staff/audit-context.js';
import { sealedSize } from './body-limit.js';
import { errorCodeOf, parseInput, WpsHttpError } from './errors.js';
import type { StaffSessions } from './staff-session.js';

/** Whether the entry is a staff call that needs a staff session (it names a permission). */
type Guarded<Name extends EndpointName> = Endpoints[Name] extends { staffPermission: StaffPermission }
  ? true
  : false;

/** The staff member a guarded staff call acts for; nothing for the other calls. */
export type EndpointActor<Name extends EndpointName> = Guarded<Name> extends true ? StaffActor : undefined;

/**
 * A route's work: the input parsed by the endpoint's schema in, the envelope's value out. A handler
 * that can answer from memory may return the value itself: no promise, no extra turn of the loop.
 * A staff call that names a permission gets the staff member it acts for, already authorised.
 */
export type EndpointHandler<Name extends EndpointName> = (
  input: EndpointParsed<Name>,
  request: FastifyRequest,
  reply: FastifyReply,
  actor: EndpointActor<Name>,
) => EndpointAnswer<Name> | Promise<EndpointAnswer<Name>>;

export interface RouteOptions {
  /**
   * Every answer of the route is far below the compression threshold (a few fixed fields): the
   * compression hooks, which would only measure it, are left off the route.
   */
  smallAnswers?: boolean;
}

export interface StaffRouteOptions extends RouteOptions {
  /** Who the call acts for (http/staff-session.ts `staffSessions`). */
  staff: StaffSessions;
}

/** Whether the entry is a staff call at all (signed in or signing in). */
type StaffCall<Name extends EndpointName> = Endpoints[Name] extends { auth: 'staff' } ? true : false;

/**
 * A staff call must say how its actor is found and where its writes are audited; the other calls
 * take the plain options.
 */
type OptionsArgs<Name extends EndpointName> =
  StaffCall<Name> extends true ? [options: StaffRouteOptions] : [options?: RouteOptions];

/**
 * Registers the contract's endpoint `name`: its method and path, its `ModuleId` header when it names
 * one, a staff call's guard when it names a permission (the staff member of the session cookie, for
 * the host's merchant: 401 staff_not_signed_in without one, 403 staff_forbidden when the role does
 * not grant the permission; both before the input is read), its input (query of a GET, body of a
 * POST, with the path's `:name` parameters) validated by its schema, and the answer wrapped in the
 * envelope. Answers are `no-store` unless the handler sets its own cache policy.
 */
export function route<Name extends EndpointName>(
  app: FastifyInstance,
  name: Name,
  handler: EndpointHandler<Name>,
  ...[options]: OptionsArgs<Name>
): void {
  const endpoint: EndpointFacts = endpoints[name];
  const schema = endpointSchemas[name] as ZodType<EndpointParsed<Name>>;
  const { moduleId, bodyLimit, staffPermission } = endpoint;
  const { smallAnswers = false, staff } = (options ?? {}) as RouteOptions & Partial<StaffRouteOptions>;
  const permission = staffPermission ?? undefined;
  if (endpoint.auth === 'staff' && staff === undefined) {
    throw new Error(`${name} is a staff call: route() needs the staff sessions to guard and audit it.`);
  }
  // Every staff write, done or refused, goes into the merchant's audit chain (issue 30 item 9).
  const audited = endpoint.auth === 'staff' && endpoint.method === 'POST';
  const hasPathParams = endpoint.path.includes('/:');
  const run = (
    request: FastifyRequest,
    reply: FastifyReply,
    actor: StaffActor | undefined,
  ): WpsSuccess<EndpointAnswer<Name>> | Promise<WpsSuccess<EndpointAnswer<Name>>> => {
    const raw = endpoint.method === 'GET' ? request.query : request.body;
    const input = parseInput(schema, hasPathParams ? withPathParams(raw, request.params) : raw);
    const answer = handler(input, request, reply, actor as EndpointActor<Name>);
    // Any promise-like (a query builder of the database layer is one without being a Promise).
    return isPromiseLike(answer) ? Promise.resolve(answer).then(ok) : ok(answer);
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Fastify stops reading past the sealed size; the JSON parser holds a plain body to its own limit.
    ...(bodyLimit === undefined
      ? {}
      : { bodyLimit: sealedSize(bodyLimit), config: { plainBodyLimit: bodyLimit } }),
    ...(smallAnswers ? { compress: false as const } : {}),
    // A GET has no body to decompress: no decompression hook on its every request.
    ...(endpoint.method === 'GET' ? { decompress: false as const } : {}),
    // Not async: a refusal thrown here reaches the error handler all the same (Fastify catches it),
    // and an answer from memory is sent without a promise.
    handler: (
      request,
      reply,
    ): WpsSuccess<EndpointAnswer<Name>> | Promise<WpsSuccess<EndpointAnswer<Name>>> => {
      reply.header('cache-control', 'no-store');
      if (moduleId !== undefined) requireModule(request, moduleId);
      if (audited && staff !== undefined)
        return auditedRun(name, request, staff, permission, (actor) => run(request, reply, actor));
      if (permission === undefined || staff === undefined) return run(request, reply, undefined);
      return staff.actorOf(request).then((actor) => {
        requireStaffPermission(actor, permission);
        return run(request, reply, actor);
      });
    },
  });
}

/**
 * A staff write: authorised (when it names a permission), run, and recorded in the audit chain —
 * with its answer's digest when done, with its errorCode when refused (not signed in, not allowed,
 * bad input, the service's refusal). An audit that cannot be written after the write is done is
 * logged as an error, never turned into a refusal of a write that happened.
 */
async function auditedRun<Value>(
  name: string,
  request: FastifyRequest,
  staff: StaffSessions,
  permission: StaffPermission | undefined,
  run: (actor: StaffActor | undefined) => WpsSuccess<Value> | Promise<WpsSuccess<Value>>,
): Promise<WpsSuccess<Value>> {
  let actor: StaffActor | null = null;
  let write: PendingStaffAudit | null = null;
  let answer: WpsSuccess<Value>;
  try {
    if (permission !== undefined) {
      actor = await staff.actorOf(request);
      requireStaffPermission(actor, permission);
    }
    const signedIn = actor;
    if (signedIn === null) answer = await run(undefined);
    else {
      write = staff.pendingWrite(request, name, signedIn);
      answer = await runStaffWrite(write, async () => run(signedIn));
    }
  } catch (error) {
    await staff
      .record(request, {
        action: name,
        actor,
        outcome: 'refused',
        errorCode: errorCodeOf(error),
        request: request.body,
      })
      .catch((auditError: unknown) => request.log.error({ err: auditError }, 'staff audit not written'));
    throw error;
  }
  // The service appended the row in the transaction that made the change (with before and after).
  if (write !== null && write.appendedIn !== null) return answer;
  // Signing in names its staff member in the answer.
  const who = actor ?? (name === 'staffLogin' ? (answer.value as StaffActor) : null);
  await staff
    .record(request, {
      action: name,
      actor: who,
      outcome: 'ok',
      errorCode: null,
      request: request.body,
      after: answer.value,
    })
    .catch((auditError: unknown) => request.log.error({ err: auditError }, 'staff audit not written'));
  return answer;
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The path's parameters join the input object (a field of the same name in the body or query is
 * overridden); an input that is not an object is left for the schema to refuse.
 */
function withPathParams(input: unknown, params: unknown): unknown {
  const named = typeof params === 'object' && params !== null ? params : {};
  if (input === undefined || input === null) return { ...named };
  if (typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...input, ...named };
}

function requireModule(request: FastifyRequest, moduleId: string): void {
  const header = request.headers[TransportHeader.moduleId.toLowerCase()];
  if (header !== moduleId) {
    throw new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ModuleId must be ${moduleId}.`);
  }
}
