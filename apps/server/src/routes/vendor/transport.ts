import type { FastifyInstance } from 'fastify';
import type { WalletTransport } from '../../services/games/demo-vendor/wallet-client.js';

/**
 * The demo vendor's HTTP client to the seamless wallet when both run in this server: each call goes
 * through the app's whole request pipeline (routing, body parsing, the signature check, the error
 * handling) exactly as a request from another host would, without a socket, so the vendor needs no
 * address or port of its own server (which a proxy or TLS front might hide).
 */
export function injectTransport(app: FastifyInstance): WalletTransport {
  return async ({ path, headers, body }) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };
}
