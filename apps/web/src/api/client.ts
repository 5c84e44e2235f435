import { handleError } from './errorActions';
import { createClient, type GetOptions, type PostOptions } from './request';

/**
 * The one /wps client of the app. Nothing else calls fetch for /wps.
 *
 *   get<Country[]>(SystemPath.country)                                   // GET, cached
 *   get<Member>(MemberPath.info, { handleErrors: false })                // errors shown inline
 *   post<null>(MemberPath.language, { language })                        // plain JSON POST
 *   post<Session>(MemberPath.register, form, { encrypt: true, moduleId: ModuleId.REGISTER })
 *
 * Pipeline and options: request.ts. What a failure shows: errorCatalogue.ts.
 */
const client = createClient({ onError: handleError });

export function get<T>(path: string, options?: GetOptions): Promise<T> {
  return client.get<T>(path, options);
}

export function post<T>(path: string, payload: unknown, options?: PostOptions): Promise<T> {
  return client.post<T>(path, payload, options);
}

/** Drops every cached answer; the app calls it when the session changes. */
export function clearResponseCache(): void {
  client.clearCache();
}

export { configureClient, type ClientContext } from './context';
export {
  ABORTED_ERROR,
  CANCELED_ERROR,
  ENCRYPTION_UNAVAILABLE,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  REDIRECT_ERROR,
  TIMEOUT_ERROR,
  WpsError,
} from './errors';
export { onTransportEvent, type TransportEvent } from './events';
export { registerNavigate } from './navigate';
export type { GetOptions, PostOptions, RequestOptions } from './request';
