import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test server does with a request: answer with the handler, fail, or never answer. */
export type Fault = 'none' | 'status500' | 'hang' | 'garbage' | 'reset';

export interface FetchServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** The fault of every following request. */
  fault: Fault;
  /** Requests seen (method and path), for assertions. */
  seen: string[];
  close: () => Promise<void>;
}

/**
 * A real HTTP server on a free loopback port around a `fetch`-shaped handler (the fake LINE, the
 * fake Maya wallet): the code under test reaches it over the network, as it would reach the real one.
 */
export async function serveFetchHandler(
  handler: (request: Request) => Promise<Response>,
): Promise<FetchServer> {
  const hanging = new Set<ServerResponse>();
  const state: FetchServer = {
    url: '',
    fault: 'none',
    seen: [],
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      state.seen.push(`${incoming.method ?? ''} ${incoming.url ?? ''}`);
      switch (state.fault) {
        case 'hang':
          hanging.add(outgoing);
          return;
        case 'reset':
          outgoing.destroy();
          return;
        case 'status500':
          outgoing.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
          return;
        case 'garbage':
          outgoing.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>');
          return;
        case 'none':
          break;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const method = incoming.method ?? 'GET';
      const request = new Request(`${state.url}${incoming.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      const response = await handler(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
