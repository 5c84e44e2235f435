/**
 * Where the client reads the facts its headers carry. The app wires the stores once at start
 * (main.tsx); kept as a setter so the transport modules import no app state and tests can set them.
 */
export interface ClientContext {
  /** The merchant code for the `Merchant` header; null until known (the server then goes by host). */
  merchantCode: () => string | null;
  /** The interface language code for the `Language` header, e.g. `EN`. */
  language: () => string;
  /** The session token, null when logged out. */
  token: () => string | null;
  /** `X-Real-UA`. */
  userAgent: () => string;
}

const defaults: ClientContext = {
  merchantCode: () => null,
  language: () => 'EN',
  token: () => null,
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
};

let context: ClientContext = defaults;

export function configureClient(next: Partial<ClientContext>): void {
  context = { ...defaults, ...next };
}

export function clientContext(): ClientContext {
  return context;
}
