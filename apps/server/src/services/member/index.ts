/**
 * The member domain (docs/architecture.md, "Server"): what a logged-in member reads and keeps about
 * the account — member info and language, rank progress and unread count, the inbox, feedback. Its
 * public face: other folders import the domain from here only (the linter refuses a deep import).
 */
import type { MemberDeps } from './context.js';
import { FeedbackService } from './feedback.js';
import { InboxService } from './inbox.js';
import { MemberService } from './member.js';

export type { MemberDeps } from './context.js';
export { checkScreenshot, FeedbackService, screenshotTypeOf } from './feedback.js';
export { InboxService } from './inbox.js';
export { MemberService } from './member.js';
export {
  CLUB_LABEL_TYPE,
  clubLabelOf,
  completedRankConditions,
  RANK_CONDITIONS_TOTAL,
  rankProgressOf,
  unreadMessageCount,
  type RankFacts,
} from './memberExtras.js';

/** The member services, built once per app. */
export interface MemberServices {
  /** Member info and language, rank progress, unread count. */
  profile: MemberService;
  /** The member's inbox: messages page by page, marking one read. */
  inbox: InboxService;
  /** Feedback from members (issue 15). */
  feedback: FeedbackService;
}

export function createMemberServices(deps: MemberDeps): MemberServices {
  return {
    profile: new MemberService(deps),
    inbox: new InboxService(deps),
    feedback: new FeedbackService(deps),
  };
}
