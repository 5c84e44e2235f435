import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The back office's screens (apps/staff/src/shell/router.ts): each answered with the app. */
export const STAFF_APP_PATHS: readonly string[] = [
  '/staff/',
  '/staff/push',
  '/staff/cashier',
  '/staff/compliance',
  '/staff/reports',
  '/staff/promotions',
  '/staff/legal',
  '/staff/links',
  '/staff/members',
  '/staff/content',
];

export const STAFF_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Back office not built</title></head>
  <body>
    <h1>The back office is not built yet</h1>
    <p>Run <code>npm run build</code> at the repository root, then reload this page.</p>
  </body>
</html>
`;

/**
 * The back office (apps/staff, issue 30) under /staff/: its built files from `staffDist`, its
 * screens' addresses answered with its page (the app routes in the browser), hashed assets cached for
 * good. The headers are every page's (http/security.ts: the app's CSP, no framing by other sites); the
 * page is never cached, so a new build is picked up at the next load. The support desk is still the
 * server's own page at /staff/chat (routes/chat/staff-page.ts); a static route, so it wins over these.
 * Borrows reply.sendFile from the web routes' @fastify/static (registered with `serve: false`).
 */
export function staffAppRoutes(app: FastifyInstance, staffDist: string): void {
  async function sendPage(reply: FastifyReply, status: 200 | 404) {
    let html: string;
    try {
      html = await readFile(join(staffDist, 'index.html'), 'utf8');
    } catch {
      return reply
        .status(503)
        .header('retry-after', '30')
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(STAFF_NOT_BUILT_PAGE);
    }
    return reply
      .status(status)
      .header('cache-control', REVALIDATE)
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/staff', (_request, reply) => reply.redirect('/staff/', 301));

  app.get('/staff/*', async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    if (STAFF_APP_PATHS.includes(path)) return sendPage(reply, 200);

    let relative: string;
    try {
      relative = decodeURIComponent(path.slice('/staff/'.length));
    } catch {
      return reply.callNotFound();
    }
    if (relative.startsWith('assets/')) {
      if (relative.endsWith('/')) return reply.callNotFound();
      // Content-hashed names: a file never changes under its name. send refuses traversal.
      reply.header('cache-control', IMMUTABLE);
      return reply.sendFile(relative, staffDist, { cacheControl: false });
    }
    const lastSegment = relative.slice(relative.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) {
      reply.header('cache-control', REVALIDATE);
      return reply.sendFile(relative, staffDist, { cacheControl: false });
    }
    // An address the app does not know: its own not-found screen, with a 404.
    return sendPage(reply, 404);
  });
}
