import { reportQuerySchema } from '@wps/contract/schemas/reports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import { invalidRequest } from '../../services/errors.js';
import { reportCsv } from '../../services/reports/csv.js';
import { runReport } from '../../services/reports/query.js';
import { requireStaffPermission } from '../../services/staff/permissions.js';

/**
 * The back office's Reports (issue 30 item 10): a report of the staff member's own merchant read from
 * the daily rollups, or the same as a CSV download (a file, not an envelope: outside the endpoint
 * table, guarded the same way as the audit chain's CSV).
 */
export function staffReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);

  route(app, 'staffReport', (input, _request, _reply, actor) => runReport(ctx.db, actor.merchantId, input), {
    staff,
  });

  app.get('/wps/staff/reports.csv', async (request, reply) => {
    const actor = await staff.actorOf(request);
    requireStaffPermission(actor, 'report:read');
    const parsed = reportQuerySchema.safeParse(request.query);
    if (!parsed.success) throw invalidRequest('A report, from and to (YYYY-MM-DD) are required.');
    const view = await runReport(ctx.db, actor.merchantId, parsed.data);
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="${view.report}-${actor.merchantId}-${view.from}-${view.to}.csv"`,
      )
      .type('text/csv; charset=utf-8')
      .send(reportCsv(view));
  });
}
