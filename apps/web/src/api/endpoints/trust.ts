import type {
  ActiveBreak,
  LimitType,
  PlaySessionView,
  ResponsibleGamingStatus,
  SelfExclusionOption,
  TimeOutOption,
} from '@wps/contract/trust';
import { call } from '@/api/call';

/**
 * Responsible gaming's calls (issue 29). The screen shows their refusals itself (`handleErrors:
 * false`); a lost session is passed on to the error catalogue by the feature (responsibleGaming).
 */
const inline = { handleErrors: false, noCache: true } as const;

export function fetchRgStatus(): Promise<ResponsibleGamingStatus> {
  return call('rgStatus', {}, inline);
}

/** `amount` null removes the limit (parked for the cooling-off, like a raise). */
export function setLimit(type: LimitType, amount: string | null): Promise<ResponsibleGamingStatus> {
  return call('rgLimitSet', { type, amount }, inline);
}

export function confirmLimit(type: LimitType): Promise<ResponsibleGamingStatus> {
  return call('rgLimitConfirm', { type }, inline);
}

export function cancelLimit(type: LimitType): Promise<ResponsibleGamingStatus> {
  return call('rgLimitCancel', { type }, inline);
}

export function setRealityCheck(minutes: number | null): Promise<ResponsibleGamingStatus> {
  return call('rgRealityCheckSet', { minutes }, inline);
}

export type BreakRequest =
  | { kind: 'time_out'; duration: TimeOutOption; password: string }
  | { kind: 'self_exclusion'; duration: SelfExclusionOption; password: string };

export function takeBreak(request: BreakRequest): Promise<ActiveBreak> {
  return call('rgBreak', request, inline);
}

export function fetchPlaySession(): Promise<PlaySessionView> {
  return call('rgPlaySession', {}, inline);
}
