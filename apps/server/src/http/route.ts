import {
  endpoints,
  type EndpointAnswer,
  type EndpointName,
  type EndpointParsed,
} from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { ok, type WpsSuccess } from '@wps/contract/envelope';
import { TransportHeader } from '@wps/contract/transport';
import { endpointSchemas } from '@wps/contract/endpointSchemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { parseInput, WpsHttpError } from './errors.js';

/**
 * A route's work: the input parsed by the endpoint's schema in, the envelope's value out. A handler
 * that can answer from memory may return the value itself: no promise, no extra turn of the loop.
 */
export type EndpointHandler<Name extends EndpointName> = (
  input: EndpointParsed<Name>,
  request: FastifyRequest,
  reply: FastifyReply,
) => EndpointAnswer<Name> | Promise<EndpointAnswer<Name>>;

export interface RouteOptions {
  /**
   * Every answer of the route is far below the compression threshold (a few fixed fields): the
   * compression hooks, which would only measure it, are left off the route.
   */
  smallAnswers?: boolean;
}

/**
 * Registers the contract's endpoint `name`: its method and path, its `ModuleId` header when it names
 * one, its input (query of a GET, body of a POST) validated by its schema, and the answer wrapped in
 * the envelope. Answers are `no-store` unless the handler sets its own cache policy.
 */
export function route<Name extends EndpointName>(
  app: FastifyInstance,
  name: Name,
  handler: EndpointHandler<Name>,
  options: RouteOptions = {},
): void {
  const endpoint = endpoints[name];
  const schema = endpointSchemas[name] as ZodType<EndpointParsed<Name>>;
  const moduleId = 'moduleId' in endpoint ? endpoint.moduleId : undefined;
  const bodyLimit = 'bodyLimit' in endpoint ? endpoint.bodyLimit : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    ...(options.smallAnswers === true ? { compress: false as const } : {}),
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
      const input = parseInput(schema, endpoint.method === 'GET' ? request.query : request.body);
      const answer = handler(input, request, reply);
      return answer instanceof Promise ? answer.then(ok) : ok(answer);
    },
  });
}

function requireModule(request: FastifyRequest, moduleId: string): void {
  const header = request.headers[TransportHeader.moduleId.toLowerCase()];
  if (header !== moduleId) {
    throw new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ModuleId must be ${moduleId}.`);
  }
}
