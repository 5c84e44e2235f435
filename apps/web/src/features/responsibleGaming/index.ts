// Responsible gaming's face (issue 29): the member's limits and breaks as the screens read them, the
// refusals' messages, the reality check's timing. The refusals' parsing is features/rgRefusals; the play
// guard over games (PlayGuard) is a lazy entry of its own.
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
  type BreakRunning,
  type LimitReached,
} from '@/features/rgRefusals';
export { clockSkew, minutesPlayed, nextCheckAt, sessionEndsAt } from './realityCheck';
export { rgStatusQuery } from './queries';
export { useDateTimeText, useLimitReachedText, useRefusalText } from './useLimitReachedText';
export { playGuardNeeded } from './playGuardNeeded';
