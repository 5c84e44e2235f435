// Responsible gaming's face (issue 29): the member's limits and breaks as the screens read them, the
// refusals' messages, the reality check's timing. The break notice (breakNotice) and the play guard
// over games (PlayGuard) are lazy entries of their own.
export {
  durationName,
  groupName,
  isLimitType,
  limitState,
  LIMIT_GROUPS,
  periodName,
  type LimitGroup,
  type LimitState,
} from './limitView';
export {
  breakMessageKey,
  breakRunningOf,
  limitReachedKey,
  limitReachedOf,
  sessionLimitMinutesOf,
  type BreakRunning,
  type LimitReached,
} from './refusals';
export { clockSkew, minutesPlayed, nextCheckAt, sessionEndsAt } from './realityCheck';
export { rgStatusQuery } from './queries';
export { useDateTimeText, useLimitReachedText, useRefusalText } from './useLimitReachedText';
export { playGuardNeeded } from './playGuardNeeded';
