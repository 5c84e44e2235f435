// The server's responsible-gaming refusals (issue 29) as the app reads them: a limit reached, a break
// that runs, the session-time limit; dates in the member's language. Its own feature so the error
// catalogue (apiErrors) can use it without the responsible-gaming screens' code, which itself reports
// errors through the catalogue. The break notice (breakNotice) is a lazy entry of its own.
export {
  breakMessageKey,
  breakRunningOf,
  limitReachedKey,
  limitReachedOf,
  sessionLimitMinutesOf,
  type BreakRunning,
  type LimitReached,
} from './refusals';
export { breakDateText } from './dateText';
