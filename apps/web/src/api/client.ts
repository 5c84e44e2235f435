import { configureClient as configureContext, type ClientContext } from './context';
import { NETWORK_ERROR, WpsError } from './errors';
import { pipelineLoader, type Pipeline, type PipelineLoader } from './loadPipeline';
import type { FetchLike, GetOptions, PostOptions, RequestOptions, WpsClient } from './request';

/**
 * The one /wps client of the app. Nothing else calls fetch for /wps.
 *
 *   call('country')                                  // GET, cached: Country[]
 *   call('memberInfo', {}, { handleErrors: false })  // errors shown inline
 *   call('register', form)                           // sealed, ModuleId REG3, from the endpoint table
 *
 * `call` (call.ts) is the typed way in; `get`/`post` below are its transport.
 *
 * Pipeline and options: request.ts, its own chunk with the endpoint table (pipeline.ts), fetched
 * with the first call. What a failure shows is the app's error policy, given at start-up as
 * `configureClient({ onError })` (main.tsx: features/apiErrors).
 */
let onError: (error: WpsError) => void = () => undefined;
let transport: FetchLike | null = null;
let spaceRequests = true;
let client: WpsClient | null = null;

function clientOf(pipeline: Pipeline): WpsClient {
  client ??= pipeline.createClient({
    onError: (error) => onError(error),
    fetch: (input, init) => (transport ?? globalThis.fetch)(input, init),
    spaceRequests,
  });
  return client;
}

/**
 * Runs `send` with the pipeline and the client: at once when their code is here, else once it is.
 * When the code cannot be fetched the call fails as one that got no answer (and, unless it says
 * `handleErrors: false`, shows what such a failure shows).
 */
export function withClient<T>(
  send: (pipeline: Pipeline, client: WpsClient) => Promise<T>,
  options: RequestOptions = {},
  loader: PipelineLoader = pipelineLoader,
): Promise<T> {
  const ready = loader.loaded();
  if (ready) return send(ready, clientOf(ready));
  return loader.load().then(
    (pipeline) => send(pipeline, clientOf(pipeline)),
    () => {
      const error = new WpsError(0, NETWORK_ERROR, 'the request code could not be loaded');
      if (options.handleErrors !== false) onError(error);
      throw error;
    },
  );
}

export interface ClientSetup extends Partial<ClientContext> {
  /** What a failed call shows unless it says `handleErrors: false`; by default nothing. */
  onError?: (error: WpsError) => void;
  /** How requests reach the server; the browser's fetch by default (the server renderer passes its own). */
  fetch?: FetchLike;
  /**
   * False for the server renderer: repeated GETs are not spaced (request.ts `spaceRequests`). Read
   * when the client is made, at the first call.
   */
  spaceRequests?: boolean;
}

/** Where the headers come from and what a failure shows; unset fields go back to their defaults. */
export function configureClient({
  onError: handler,
  fetch,
  spaceRequests: spacing,
  ...context
}: ClientSetup): void {
  onError = handler ?? (() => undefined);
  transport = fetch ?? null;
  spaceRequests = spacing ?? true;
  configureContext(context);
}

export function get<T>(path: string, options?: GetOptions): Promise<T> {
  return withClient((_pipeline, wps) => wps.get<T>(path, options), options);
}

export function post<T>(path: string, payload: unknown, options?: PostOptions): Promise<T> {
  return withClient((_pipeline, wps) => wps.post<T>(path, payload, options), options);
}

/** Drops every cached answer; the app calls it when the session changes (none before the first call). */
export function clearResponseCache(): void {
  client?.clearCache();
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
