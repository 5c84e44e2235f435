import { z } from 'zod';
import { REPORT_GROUPS, REPORT_KINDS } from '../reports.js';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A report over a range of UTC days (both ends included); the group must be one the report offers. */
export const reportQuerySchema = z.object({
  report: z.enum(REPORT_KINDS),
  from: isoDay,
  to: isoDay,
  group: z.enum(REPORT_GROUPS).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;
