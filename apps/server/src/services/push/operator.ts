import { ChatErrorCode, type AttributionReport, type EndpointParsed } from '@wps/contract';
import { eq } from 'drizzle-orm';
import { pushFcmConfigs } from '../../db/schema/index.js';
import type { StaffActor } from '../chat/index.js';
import { DomainError } from '../errors.js';
import { attributionReport } from '../tracking/report.js';
import { saveFcmConfig, type FcmConfigInput } from './fcm.js';
import { pushMessageOf, pushTargetOf, sendPush, type PushOutcome, type PushSendDeps } from './send.js';

/**
 * The back office's Push section (issue 17): a staff member whose role allows it sends a push to a
 * member, a topic, a segment or everyone of their own merchant, and reads the attribution report.
 * Support agents may not: pushes reach every member, so only supervisors send them.
 */
export const PUSH_SENDER_ROLES: readonly string[] = ['supervisor'];

export function requirePushRole(actor: StaffActor): void {
  if (!PUSH_SENDER_ROLES.includes(actor.role)) {
    throw new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'Your role may not send pushes or read the report.');
  }
}

/** Sends for the staff member's merchant (the actor's, never one named by the request). */
export async function operatorSend(
  deps: PushSendDeps,
  actor: StaffActor,
  merchant: { id: number; mainHost: string },
  input: EndpointParsed<'pushSend'>,
  origin: string,
): Promise<PushOutcome> {
  requirePushRole(actor);
  if (merchant.id !== actor.merchantId) {
    throw new DomainError(ChatErrorCode.STAFF_NOT_SIGNED_IN, 'Please sign in.');
  }
  return sendPush(deps, merchant, pushTargetOf(input), pushMessageOf(input), origin);
}

/** The merchant's FCM configuration as the back office shows it: never the private key. */
export interface FcmConfigView {
  configured: boolean;
  projectId?: string;
  apiKey?: string;
  appId?: string;
  messagingSenderId?: string;
  clientEmail?: string;
  apiBaseUrl?: string;
  updatedAt?: string;
}

export async function operatorFcmConfig(
  deps: Pick<PushSendDeps, 'db'>,
  actor: StaffActor,
): Promise<FcmConfigView> {
  requirePushRole(actor);
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
  requirePushRole(actor);
  await saveFcmConfig(deps.db, deps.kek, actor.merchantId, input, allowLoopbackHttp);
  return operatorFcmConfig(deps, actor);
}

export async function operatorReport(
  deps: Pick<PushSendDeps, 'db'>,
  actor: StaffActor,
  range: EndpointParsed<'attributionReport'>,
): Promise<AttributionReport> {
  requirePushRole(actor);
  return attributionReport(deps.db, actor.merchantId, range);
}
