import { ChatErrorCode } from '@wps/contract/chat';
import type { AttributionReportQuery, PushSendPayload } from '@wps/contract/schemas/tracking';
import type { FcmConfigView, StaffActor } from '@wps/contract/staff';
import type { AttributionReport, PushSendOutcome } from '@wps/contract/tracking';
import { eq } from 'drizzle-orm';
import { pushFcmConfigs } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { requireStaffPermission } from '../staff/permissions.js';
import { attributionReport } from '../tracking/report.js';
import { saveFcmConfig, type FcmConfigInput } from './fcm.js';
import { pushMessageOf, pushTargetOf, sendPush, type PushSendDeps } from './send.js';

/**
 * The back office's Push section (issue 17): a staff member whose role allows it sends a push to a
 * member, a topic, a segment or everyone of their own merchant, and reads the attribution report.
 * Support agents may not: pushes reach every member, so only supervisors send them (push:send,
 * push:report, push:configure in services/staff/permissions.ts; the routes refuse the others
 * first, and each operation checks again).
 */

/** Sends for the staff member's merchant (the actor's, never one named by the request). */
export async function operatorSend(
  deps: PushSendDeps,
  actor: StaffActor,
  merchant: { id: number; mainHost: string },
  input: PushSendPayload,
  origin: string,
): Promise<PushSendOutcome> {
  requireStaffPermission(actor, 'push:send');
  if (merchant.id !== actor.merchantId) {
    throw new DomainError(ChatErrorCode.STAFF_NOT_SIGNED_IN, 'Please sign in.');
  }
  return sendPush(deps, merchant, pushTargetOf(input), pushMessageOf(input), origin);
}

export async function operatorFcmConfig(
  deps: Pick<PushSendDeps, 'db'>,
  actor: StaffActor,
): Promise<FcmConfigView> {
  requireStaffPermission(actor, 'push:configure');
  const [row] = await deps.db
    .select({
      projectId: pushFcmConfigs.projectId,
      apiKey: pushFcmConfigs.apiKey,
      appId: pushFcmConfigs.appId,
      messagingSenderId: pushFcmConfigs.messagingSenderId,
      clientEmail: pushFcmConfigs.clientEmail,
      apiBaseUrl: pushFcmConfigs.apiBaseUrl,
      updatedAt: pushFcmConfigs.updatedAt,
    })
    .from(pushFcmConfigs)
    .where(eq(pushFcmConfigs.merchantId, actor.merchantId));
  if (row === undefined) return { configured: false };
  return { configured: true, ...row, updatedAt: row.updatedAt.toISOString() };
}

/** Stores the merchant's FCM configuration (the key file's private key sealed at once). */
export async function operatorSaveFcmConfig(
  deps: Pick<PushSendDeps, 'db' | 'kek'>,
  actor: StaffActor,
  input: FcmConfigInput,
  allowLoopbackHttp: boolean,
): Promise<FcmConfigView> {
  requireStaffPermission(actor, 'push:configure');
  await saveFcmConfig(deps.db, deps.kek, actor.merchantId, input, allowLoopbackHttp);
  return operatorFcmConfig(deps, actor);
}

export async function operatorReport(
  deps: Pick<PushSendDeps, 'db'>,
  actor: StaffActor,
  range: AttributionReportQuery,
): Promise<AttributionReport> {
  requireStaffPermission(actor, 'push:report');
  return attributionReport(deps.db, actor.merchantId, range);
}
