import { define } from './define.js';
import type * as reportSchemas from '../schemas/reports.js';
import type { ReportView } from '../reports.js';

/**
 * The back office's Reports section (issue 30 item 10). The same report as CSV is a file, not an
 * envelope: GET /wps/staff/reports.csv with the same query, outside the table, guarded the same way.
 */
export const reportEndpoints = {
  staffReport: define<typeof reportSchemas.reportQuerySchema, ReportView>()({
    method: 'GET',
    path: '/wps/staff/reports',
    auth: 'staff',
    staffPermission: 'report:read',
  }),
};
