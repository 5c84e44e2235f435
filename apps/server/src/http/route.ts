import {
  endpoints,
  ErrorCode,
  ok,
  TransportHeader,
  type EndpointAnswer,
  type EndpointName,
  type EndpointParsed,
  type WpsSuccess,
} from '@wps/contract';
import { endpointSchemas } from '@wps/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { parseInput, WpsHttpError } from './errors.js';

/** A route's work: the input parsed by the endpoint's schema in, the envelope's value out. */
export type EndpointHandler<Name extends EndpointName> = (
  input: EndpointParsed<Name>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointAnswer<Name>>;

/**
 * Registers the contract's endpoint `name`: its method and path, its `ModuleId` header when it names
 * one, its input (query of a GET, body of a POST) validated by its schema, and the answer wrapped in
 * the envelope. Answers are `no-store` unless the handler sets its own cache policy.
 */
export function route<Name extends EndpointName>(
  app: FastifyInstance,
  name: Name,
  handler: EndpointHandler<Name>,
): void {
  const endpoint = endpoints[name];
  const schema = endpointSchemas[name] as ZodType<EndpointParsed<Name>>;
  const moduleId = 'moduleId' in endpoint ? endpoint.moduleId : undefined;
  const bodyLimit = 'bodyLimit' in endpoint ? endpoint.bodyLimit : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    handler: async (request, reply): Promise<WpsSuccess<EndpointAnswer<Name>>> => {
      reply.header('cache-control', 'no-store');
      if (moduleId !== undefined) requireModule(request, moduleId);
      const input = parseInput(schema, endpoint.method === 'GET' ? request.query : request.body);
      return ok(await handler(input, request, reply));
    },
  });
}

function requireModule(request: FastifyRequest, moduleId: string): void {
  const header = request.headers[TransportHeader.moduleId.toLowerCase()];
  if (header !== moduleId) {
    throw new WpsHttpError(400, ErrorCode.INVALID_REQUEST, `Invalid request. ModuleId must be ${moduleId}.`);
  }
}
