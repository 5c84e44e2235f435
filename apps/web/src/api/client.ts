import { configureClient as configureContext, type ClientContext } from './context';
import type { WpsError } from './errors';
import { createClient, type GetOptions, type PostOptions } from './request';

/**
 * The one /wps client of the app. Nothing else calls fetch for /wps.
 *
 *   call('country')                                  // GET, cached: Country[]
 *   call('memberInfo', {}, { handleErrors: false })  // errors shown inline
 *   call('register', form)                           // sealed, ModuleId REG3, from the endpoint table
 *
 * `call` (call.ts) is the typed way in; `get`/`post` below are its transport.
 *
 * Pipeline and options: request.ts. What a failure shows is the app's error policy, given at
 * start-up as `configureClient({ onError })` (main.tsx: features/apiErrors/errorActions.ts).
 */
let onError: (error: WpsError) => void = () => undefined;
const client = createClient({ onError: (error) => onError(error) });

export interface ClientSetup extends Partial<ClientContext> {
  /** What a failed call shows unless it says `handleErrors: false`; by default nothing. */
  onError?: (error: WpsError) => void;
}

/** Where the headers come from and what a failure shows; unset fields go back to their defaults. */
export function configureClient({ onError: handler, ...context }: ClientSetup): void {
  onError = handler ?? (() => undefined);
  configureContext(context);
}

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

export type { ClientContext } from './context';
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
export type { GetOptions, PostOptions, RequestOptions } from './request';
