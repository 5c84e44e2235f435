import {
  endpoints,
  type EndpointAnswer,
  type EndpointInput,
  type StaffEndpointName,
} from '@wps/contract/endpoints';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import { isWpsFailure } from '@wps/contract/envelope';

/** What a failed staff call carries: the contract's errorCode, or the transport's own two. */
export class StaffCallError extends Error {
  constructor(
    /** The envelope's errorCode; `network` when no answer came, `bad_answer` when it was not an envelope. */
    readonly errorCode: string,
    message: string,
    /** The HTTP status (0 without an answer). */
    readonly status: number,
    /** Seconds to wait before trying again (Retry-After, or the answer's `data.retryAfterS`). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'StaffCallError';
  }
}

type Input = Record<string, unknown>;

/** The staff call's path with its `:name` segments filled from the input, and the input left over. */
export function fillPath(path: string, input: Input): { path: string; rest: Input } {
  const used = new Set<string>();
  const filled = path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = input[name];
    used.add(name);
    if (value === undefined || value === null || value === '') {
      throw new StaffCallError('invalid_request', `${name} is missing`, 0);
    }
    return encodeURIComponent(String(value));
  });
  const rest = Object.fromEntries(Object.entries(input).filter(([name]) => !used.has(name)));
  return { path: filled, rest };
}

/** A GET's input as a query string: absent values left out, the rest as text. */
export function queryOf(input: Input): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

function retryAfter(response: Response, data: unknown): number | undefined {
  const header = Number(response.headers.get('retry-after'));
  if (Number.isFinite(header) && header > 0) return header;
  const fromData = (data as { retryAfterS?: unknown } | undefined)?.retryAfterS;
  return typeof fromData === 'number' ? fromData : undefined;
}

/**
 * One staff call of the contract's endpoint table (`auth: 'staff'` entries only): the path's
 * parameters from the input, the rest as the query (GET) or the JSON body (POST), the staff session
 * cookie sent by the browser (same origin). The envelope's value, or a StaffCallError.
 */
export async function staffCall<Name extends StaffEndpointName>(
  name: Name,
  input: EndpointInput<Name>,
): Promise<EndpointAnswer<Name>> {
  const facts: EndpointFacts = endpoints[name];
  const { path, rest } = fillPath(facts.path, (input ?? {}) as Input);
  const get = facts.method === 'GET';
  let response: Response;
  try {
    response = await fetch(get ? path + queryOf(rest) : path, {
      method: facts.method,
      credentials: 'same-origin',
      headers: get ? {} : { 'content-type': 'application/json' },
      body: get ? undefined : JSON.stringify(rest),
    });
  } catch {
    throw new StaffCallError('network', 'No answer from the server', 0);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (isWpsFailure(answer)) {
    throw new StaffCallError(
      answer.errorCode,
      answer.message,
      response.status,
      retryAfter(response, answer.data),
    );
  }
  if (!response.ok || typeof answer !== 'object' || answer === null || !('value' in answer)) {
    throw new StaffCallError('bad_answer', `Unexpected answer (${response.status})`, response.status);
  }
  return (answer as { value: EndpointAnswer<Name> }).value;
}
