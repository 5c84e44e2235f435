import type { EndpointAnswer, EndpointInput, MemberEndpointName } from '@wps/contract/endpoints';
import { get, post, withClient } from './client';
import type { GetOptions } from './request';
import type { QueryParams } from './url';

/** What a caller may still decide per call; the endpoint table decides the rest. */
export type CallOptions = Pick<
  GetOptions,
  'handleErrors' | 'noCache' | 'cache' | 'cacheTtlMs' | 'token' | 'signal' | 'timeoutMs' | 'keepalive'
>;

/** Calls without required input take it optionally. */
type InputArgs<Name extends MemberEndpointName> =
  Record<string, never> extends EndpointInput<Name>
    ? [input?: EndpointInput<Name>, options?: CallOptions]
    : undefined extends EndpointInput<Name>
      ? [input?: EndpointInput<Name>, options?: CallOptions]
      : [input: EndpointInput<Name>, options?: CallOptions];

/**
 * Calls the /wps endpoint `name` of the contract's table (a member app's call: the staff console's
 * `auth: 'staff'` entries are not for it) with its typed input and answers its typed
 * value. The table's facts travel with it: GET input as the query, POST input as the body, sealed
 * bodies, the ModuleId header and the game-launch time-out.
 *
 *   const result = await call('login', payload, { handleErrors: false });   // LoginResult
 *   const countries = await call('country');                                 // Country[]
 */
export function call<Name extends MemberEndpointName>(
  name: Name,
  ...[input, options = {}]: InputArgs<Name>
): Promise<EndpointAnswer<Name>> {
  // The endpoint table comes with the pipeline's code (client.ts).
  return withClient(({ endpoints }) => {
    const endpoint = endpoints[name];
    const facts = {
      ...options,
      ...('moduleId' in endpoint ? { moduleId: endpoint.moduleId } : {}),
      ...('timeout' in endpoint ? { kind: endpoint.timeout } : {}),
    };
    if (endpoint.method === 'GET') {
      return get<EndpointAnswer<Name>>(endpoint.path, { ...facts, query: input as QueryParams | undefined });
    }
    return post<EndpointAnswer<Name>>(endpoint.path, input ?? {}, {
      ...facts,
      encrypt: 'sealed' in endpoint && endpoint.sealed,
    });
  }, options);
}
