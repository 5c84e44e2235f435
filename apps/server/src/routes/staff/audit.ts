import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import { listStaffAudit, staffAuditCsv } from '../../services/staff/audit-log.js';
import { requireStaffPermission } from '../../services/staff/permissions.js';

/**
 * The staff audit chain (issue 30 item 9): read a page at a time, or the merchant's whole chain as a
 * CSV download (a file, not an envelope: outside the endpoint table, guarded the same way).
 */
export function staffAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);

  route(
    app,
    'staffAuditLog',
    (input, _request, _reply, actor) => listStaffAudit(ctx.db, actor.merchantId, input.afterSeq ?? 0),
    { staff },
  );

  app.get('/wps/staff/audit.csv', async (request, reply) => {
    const actor = await staff.actorOf(request);
    requireStaffPermission(actor, 'audit:read');
    const day = new Date(ctx.now()).toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="staff-audit-${actor.merchantId}-${day}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(Readable.from(staffAuditCsv(ctx.db, actor.merchantId)));
  });
}
