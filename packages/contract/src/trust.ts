/**
 * Trust and responsible gaming (issue 29): the jurisdiction profiles a merchant runs under, the limits
 * a member sets, breaks (time-out and self-exclusion), reality checks, the legal pages. Shapes that
 * cross the wire; their input schemas are in schemas/trust.ts, the calls in endpoints/trust.ts.
 */

/**
 * A member's limits, one per type. Money limits are rolling windows (a day is the last 24 hours, a
 * week the last 7 days, a month the last 30 days; docs/decisions/limits-in-rolling-windows.md), in the
 * merchant's currency; `session_time` is minutes of one signed-in session.
 */
export const LIMIT_TYPES = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
  'session_time',
] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export type MoneyLimitType = Exclude<LimitType, 'session_time'>;
export type LimitMeasure = 'deposit' | 'loss' | 'wager';

export const LIMIT_WINDOW_HOURS = { day: 24, week: 7 * 24, month: 30 * 24 } as const;

export function limitMeasureOf(type: MoneyLimitType): LimitMeasure {
  return type.slice(0, type.indexOf('_')) as LimitMeasure;
}

export function limitWindowHours(type: MoneyLimitType): number {
  return LIMIT_WINDOW_HOURS[type.slice(type.indexOf('_') + 1) as keyof typeof LIMIT_WINDOW_HOURS];
}

/** Time-out lengths a profile may offer (LCCP SR 3.5.3: 24 hours up to 6 weeks). */
export const TIME_OUT_OPTIONS = ['24h', '7d', '1m', '6w'] as const;
export type TimeOutOption = (typeof TIME_OUT_OPTIONS)[number];
/** Self-exclusion lengths a profile may offer; `permanent` never ends. */
export const SELF_EXCLUSION_OPTIONS = ['6m', '1y', '3y', '5y', 'permanent'] as const;
export type SelfExclusionOption = (typeof SELF_EXCLUSION_OPTIONS)[number];
export type BreakKind = 'time_out' | 'self_exclusion';

/** A help line the responsible-gaming pages and refusals point to. */
export interface HelpLine {
  /** ISO country it serves; `*` for everywhere. */
  country: string;
  name: string;
  url: string;
  phone?: string;
}

/** A stake cap for members aged `fromAge` or more (the highest band that applies wins). */
export interface StakeCap {
  fromAge: number;
  /** Per currency, decimal text in that currency (`{ GBP: '5', PHP: '300' }`). */
  amounts: Readonly<Record<string, string>>;
}

/** A jurisdiction's rules: data, one row per profile, chosen per merchant (merchants.jurisdiction_profile_id). */
export interface JurisdictionRules {
  minAge: number;
  /** `confirm`: a tick box; `date_of_birth`: the member gives it and the server checks the age. */
  ageCheck: 'confirm' | 'date_of_birth';
  /** Hours a raised or removed limit waits before the member may confirm it. */
  coolingOffHours: number;
  /** Hours after the cooling-off in which the confirmation counts; later, the change lapses. */
  confirmWindowHours: number;
  timeOutOptions: readonly TimeOutOption[];
  selfExclusionOptions: readonly SelfExclusionOption[];
  /** Reality-check intervals offered, minutes. */
  realityCheckMinutes: readonly number[];
  /** Shortest game round, seconds (0: no minimum). */
  minRoundSeconds: number;
  stakeCaps: readonly StakeCap[];
  /** When the member is asked to set a deposit limit. */
  limitPrompt: 'registration' | 'first_deposit';
  helpLines: readonly HelpLine[];
}

/** A change parked until the member confirms it after the cooling-off. */
export interface ParkedLimit {
  /** The new value, or null when the limit is to be removed. */
  amount: string | null;
  requestedAt: string;
  confirmableFrom: string;
  confirmableUntil: string;
}

export interface LimitView {
  type: LimitType;
  /** Decimal text (money) or minutes (session_time); null: no limit. */
  amount: string | null;
  /** What counts against it now (money limits; for session_time the minutes of this session). */
  used: string;
  /** When what is used first goes down (the oldest counted movement leaves the window); null: nothing used. */
  resetsAt: string | null;
  parked: ParkedLimit | null;
}

export interface ActiveBreak {
  kind: BreakKind;
  since: string;
  /** null: permanent. */
  until: string | null;
}

export interface ResponsibleGamingStatus {
  profile: {
    id: string;
    name: string;
    minAge: number;
    coolingOffHours: number;
    confirmWindowHours: number;
    timeOutOptions: readonly TimeOutOption[];
    selfExclusionOptions: readonly SelfExclusionOption[];
    realityCheckMinutes: readonly number[];
    limitPrompt: 'registration' | 'first_deposit';
  };
  currency: string;
  limits: LimitView[];
  realityCheckMinutes: number | null;
  activeBreak: ActiveBreak | null;
  helpLines: HelpLine[];
}

/** The signed-in session as play sees it: for the reality check and the session-time limit. */
export interface PlaySessionView {
  startedAt: string;
  serverTime: string;
  /** Wins minus stakes since the session started, decimal text (negative: a loss). */
  net: string;
  wagered: string;
  currency: string;
  realityCheckMinutes: number | null;
  /** When the session-time limit ends this session; null: no limit. */
  endsAt: string | null;
}

/** What one responsible-gaming change did, in the audit trail (issue 29 item 7). */
export interface TrustAuditEntry {
  id: string;
  customerId: number;
  username: string;
  actor: 'member' | 'staff' | 'system';
  actorId: number | null;
  action: string;
  requested: unknown;
  effect: unknown;
  at: string;
}

/** Refusals of trust and responsible gaming; each has its status in the server's one error table. */
export const TrustErrorCode = {
  /** A limit would be passed; `data`: { type, limit, used, resetsAt } (409). */
  LIMIT_REACHED: 'rg_limit_reached',
  /** A time-out or self-exclusion is running; `data`: { kind, until, helpLines } (403). */
  BREAK_ACTIVE: 'rg_break_active',
  /** Under the merchant's minimum age, or no age given where it is required; `data`: { minAge } (403). */
  UNDER_AGE: 'rg_under_age',
  /** The current terms are not accepted yet; `data`: { version } (403). */
  TERMS_REQUIRED: 'rg_terms_required',
  /** The session-time limit ended this session (401). */
  SESSION_LIMIT: 'rg_session_limit',
  /** The stake is above the jurisdiction's cap; `data`: { max } (409). */
  STAKE_CAP: 'rg_stake_cap',
  /** Nothing parked, the cooling-off not over, or the confirmation window passed (409). */
  CHANGE_NOT_READY: 'rg_change_not_ready',
  /** The merchant does not serve the visitor's country (451). */
  COUNTRY_NOT_SERVED: 'rg_country_not_served',
} as const;
export type TrustErrorCode = (typeof TrustErrorCode)[keyof typeof TrustErrorCode];

/** The licence a merchant's footer and licence page name (the regulator's name and the number). */
export interface LicenceLine {
  authority: string;
  number: string;
}

/** What every public page's footer shows (the settings call's `trust`): the age badge and the licence. */
export interface TrustSettings {
  minAge: number;
  licence: LicenceLine | null;
}

/** The legal pages a merchant publishes (`/m/legal/<kind>`). */
export const LEGAL_KINDS = ['terms', 'privacy', 'responsible-gaming', 'licence', 'cookies'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export interface LegalDocumentView {
  kind: LegalKind;
  version: number;
  /** The language the text is in (the request's, or the merchant's default when not translated). */
  language: string;
  title: string;
  /** Paragraphs separated by blank lines; `## ` starts a heading. Plain text, never HTML. */
  body: string;
  publishedAt: string;
}
