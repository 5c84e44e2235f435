import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as trustSchemas from '../schemas/trust.js';
import type {
  ActiveBreak,
  LegalDocumentView,
  PlaySessionView,
  ResponsibleGamingStatus,
  TrustAuditEntry,
} from '../trust.js';

/** The table's trust and responsible-gaming calls (issue 29). */
export const trustEndpoints = {
  /** The member's limits, parked changes, reality check, any break; the profile's options. */
  rgStatus: define<typeof commonSchemas.emptyQuerySchema, ResponsibleGamingStatus>()({
    method: 'GET',
    path: '/wps/rg',
  }),
  /** Lowers or sets a limit at once; a raise or a removal is parked for the cooling-off. */
  rgLimitSet: define<typeof trustSchemas.limitSetSchema, ResponsibleGamingStatus>()({
    method: 'POST',
    path: '/wps/rg/limits',
  }),
  /** Confirms a parked change after its cooling-off and within its window. */
  rgLimitConfirm: define<typeof trustSchemas.limitTypeSchema, ResponsibleGamingStatus>()({
    method: 'POST',
    path: '/wps/rg/limits/confirm',
  }),
  /** Drops a parked change at once (the limit stays as it is). */
  rgLimitCancel: define<typeof trustSchemas.limitTypeSchema, ResponsibleGamingStatus>()({
    method: 'POST',
    path: '/wps/rg/limits/cancel',
  }),
  rgRealityCheckSet: define<typeof trustSchemas.realityCheckSetSchema, ResponsibleGamingStatus>()({
    method: 'POST',
    path: '/wps/rg/reality-check',
  }),
  /** The member answers the offer to set a deposit limit (it is made once; a second answer changes nothing). */
  rgLimitOfferAnswer: define<typeof trustSchemas.limitOfferAnswerSchema, null>()({
    method: 'POST',
    path: '/wps/rg/limit-offer',
  }),
  /** A time-out or a self-exclusion, from now; sealed, as it carries the password. */
  rgBreak: define<typeof trustSchemas.breakSchema, ActiveBreak>()({
    method: 'POST',
    path: '/wps/rg/break',
    sealed: true,
  }),
  /** This session's time and net result (the reality check, the session-time limit). */
  rgPlaySession: define<typeof commonSchemas.emptyQuerySchema, PlaySessionView>()({
    method: 'GET',
    path: '/wps/rg/session',
  }),
  /** A legal page of the merchant in the request's language (its default language when not translated). */
  legalDocument: define<typeof trustSchemas.legalDocumentQuerySchema, LegalDocumentView>()({
    method: 'GET',
    path: '/wps/legal/:kind',
    noToken: true,
  }),
  /** Records the member's acceptance of the terms' `version` (the current one, or refused). */
  termsAccept: define<typeof trustSchemas.termsAcceptSchema, null>()({
    method: 'POST',
    path: '/wps/legal/terms/accept',
  }),
  /** The responsible-gaming audit trail of the merchant, newest first, 50 a page. */
  staffTrustAudit: define<typeof trustSchemas.staffTrustAuditQuerySchema, TrustAuditEntry[]>()({
    method: 'GET',
    path: '/wps/staff/rg/audit',
    auth: 'staff',
    staffPermission: 'compliance:read',
  }),
  /** Sets or lowers a member's limit (never raises or removes one). */
  staffLimitSet: define<typeof trustSchemas.staffLimitSetSchema, ResponsibleGamingStatus>()({
    method: 'POST',
    path: '/wps/staff/rg/limits',
    auth: 'staff',
    staffPermission: 'compliance:act',
  }),
  /** Puts a member on a time-out or self-exclusion (ends all the member's sessions). */
  staffBreak: define<typeof trustSchemas.staffBreakSchema, ActiveBreak>()({
    method: 'POST',
    path: '/wps/staff/rg/break',
    auth: 'staff',
    staffPermission: 'compliance:act',
  }),
} as const;
