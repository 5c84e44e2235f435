import { define } from './define.js';
import { FEEDBACK_BODY_LIMIT_BYTES } from '../feedback.js';
import type * as accountsSchemas from '../schemas/accounts.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as feedbackSchemas from '../schemas/feedback.js';
import type * as memberAreaSchemas from '../schemas/memberArea.js';
import type * as referralSchemas from '../schemas/referral.js';
import type * as socialSchemas from '../schemas/social.js';
import type {
  AutoUsernameResult,
  MemberInfo,
  PlayerRankProgress,
  RegistrationResult,
  SmsRequestResult,
  UnreadCount,
} from '../accounts.js';
import type { FeedbackReceipt } from '../feedback.js';
import type { Paged } from '../games.js';
import type {
  EndedSessions,
  MemberMessage,
  MemberSession,
  SecurityStatus,
  TotpConfirmed,
  TotpSetup,
} from '../memberArea.js';
import type {
  AgentInfo,
  AvailablePromotion,
  CreatedSubAccount,
  ReferralInfo,
  ReferredFriend,
  SubAccount,
} from '../referral.js';
import type { LinkedSignIns } from '../social.js';

/** The table's member calls (endpoints.ts): registration, the account, the member area, referral and agents. */
export const memberEndpoints = {
  register: define<typeof accountsSchemas.registrationPayloadSchema, RegistrationResult>()({
    method: 'POST',
    path: '/wps/member/register',
    sealed: true,
    moduleId: 'REG3',
    noToken: true,
  }),
  registerMobile: define<typeof accountsSchemas.registrationPayloadSchema, RegistrationResult>()({
    method: 'POST',
    path: '/wps/member/register/mobile',
    sealed: true,
    moduleId: 'MOBILENUMREG3',
    noToken: true,
  }),
  registerAutoUsername: define<typeof commonSchemas.emptyBodySchema, AutoUsernameResult>()({
    method: 'POST',
    path: '/wps/member/register/autoUsername',
    noToken: true,
  }),
  memberInfo: define<typeof commonSchemas.emptyQuerySchema, MemberInfo>()({
    method: 'GET',
    path: '/wps/member/info',
  }),
  memberLanguage: define<typeof accountsSchemas.languagePayloadSchema, null>()({
    method: 'POST',
    path: '/wps/member/language',
  }),
  /** A member's feedback (category, text, optional screenshot), kept by the server. */
  feedback: define<typeof feedbackSchemas.feedbackSchema, FeedbackReceipt>()({
    method: 'POST',
    path: '/wps/member/feedback',
    bodyLimit: FEEDBACK_BODY_LIMIT_BYTES,
  }),
  /** The member's linked social sign-ins (issue 14). */
  linkedSignIns: define<typeof commonSchemas.emptyQuerySchema, LinkedSignIns>()({
    method: 'GET',
    path: '/wps/member/signIns',
  }),
  /** Unlinks one of the member's sign-ins; refused for the last way into an account without a password. */
  unlinkSignIn: define<typeof socialSchemas.unlinkSignInSchema, null>()({
    method: 'POST',
    path: '/wps/member/signIns/unlink',
  }),
  /** The forced (or voluntary) password change of a logged-in member. */
  changePassword: define<typeof accountsSchemas.changePasswordSchema, null>()({
    method: 'POST',
    path: '/wps/member/password',
    sealed: true,
  }),
  /** Without `code`: send the code; with it: set the new password. */
  passwordResetEmail: define<typeof accountsSchemas.passwordResetEmailSchema, null>()({
    method: 'POST',
    path: '/wps/member/password/reset/email',
    sealed: true,
    noToken: true,
  }),
  passwordResetSms: define<typeof accountsSchemas.passwordResetSmsSchema, null>()({
    method: 'POST',
    path: '/wps/member/password/reset/sms',
    sealed: true,
    noToken: true,
  }),
  rankProgress: define<typeof commonSchemas.emptyQuerySchema, PlayerRankProgress>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
  }),
  unreadCount: define<typeof commonSchemas.emptyQuerySchema, UnreadCount>()({
    method: 'GET',
    path: '/wps/relay/CBS_unreadCount',
  }),
  /** The member's customer-service messages, newest first. */
  memberMessages: define<typeof memberAreaSchemas.memberMessagesQuerySchema, Paged<MemberMessage>>()({
    method: 'GET',
    path: '/wps/member/messages',
  }),
  /** Marks one of the member's messages read; answers the unread count after it. */
  readMemberMessage: define<typeof memberAreaSchemas.readMessageSchema, UnreadCount>()({
    method: 'POST',
    path: '/wps/member/messages/read',
  }),
  securityStatus: define<typeof commonSchemas.emptyQuerySchema, SecurityStatus>()({
    method: 'GET',
    path: '/wps/member/security',
  }),
  /** A new authenticator secret (replacing one not yet confirmed). */
  totpSetup: define<typeof commonSchemas.emptyBodySchema, TotpSetup>()({
    method: 'POST',
    path: '/wps/member/security/totp',
  }),
  /** The first code of the new authenticator turns it on: answers the recovery codes, once. */
  totpConfirm: define<typeof memberAreaSchemas.totpCodeSchema, TotpConfirmed>()({
    method: 'POST',
    path: '/wps/member/security/totp/confirm',
    sealed: true,
  }),
  /** The authenticator's current code turns it off (and its recovery codes). */
  totpDisable: define<typeof memberAreaSchemas.totpDisableSchema, null>()({
    method: 'POST',
    path: '/wps/member/security/totp/disable',
    sealed: true,
  }),
  /** The email or SMS second factor on or off: an empty code sends one, the right code switches. */
  codeFactor: define<typeof memberAreaSchemas.codeFactorSchema, SmsRequestResult | null>()({
    method: 'POST',
    path: '/wps/member/security/code',
    sealed: true,
  }),
  /** A code to an email address or mobile number the member adds (or changes to). */
  contactCode: define<typeof memberAreaSchemas.contactCodeSchema, SmsRequestResult>()({
    method: 'POST',
    path: '/wps/member/contact/code',
    sealed: true,
  }),
  /** The code puts the address or number on the account, verified. */
  contactVerify: define<typeof memberAreaSchemas.contactVerifySchema, SecurityStatus>()({
    method: 'POST',
    path: '/wps/member/contact/verify',
    sealed: true,
  }),
  /** Takes the email address or mobile number off the account. */
  contactRemove: define<typeof memberAreaSchemas.contactRemoveSchema, SecurityStatus>()({
    method: 'POST',
    path: '/wps/member/contact/remove',
    sealed: true,
  }),
  /** The member's live sessions, the current one marked. */
  memberSessions: define<typeof commonSchemas.emptyQuerySchema, MemberSession[]>()({
    method: 'GET',
    path: '/wps/member/sessions',
  }),
  /** Ends one of the member's other sessions, or all of them. */
  endMemberSession: define<typeof memberAreaSchemas.endSessionSchema, EndedSessions>()({
    method: 'POST',
    path: '/wps/member/sessions/end',
  }),
  /** The promotions the merchant runs (REFERRAL, APP_DOWNLOAD), public: sent without authorization. */
  availablePromotions: define<typeof commonSchemas.emptyQuerySchema, AvailablePromotion[]>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    unauthorized: true,
  }),
  /** The promotions as they apply to the logged-in member. */
  memberPromotions: define<typeof commonSchemas.emptyQuerySchema, AvailablePromotion[]>()({
    method: 'GET',
    path: '/wps/member/promotions',
  }),
  /** The member's referral code (made on first ask) and the number of friends who used it. */
  referralInfo: define<typeof commonSchemas.emptyQuerySchema, ReferralInfo>()({
    method: 'GET',
    path: '/wps/member/referral',
  }),
  /** The friends who registered with the member's code, newest first, names masked. */
  referralFriends: define<typeof referralSchemas.referralPageQuerySchema, Paged<ReferredFriend>>()({
    method: 'GET',
    path: '/wps/member/referral/friends',
  }),
  /** Agents only (member type 1 or 2): the downline code and the number of sub-accounts. */
  agentInfo: define<typeof commonSchemas.emptyQuerySchema, AgentInfo>()({
    method: 'GET',
    path: '/wps/member/agent',
  }),
  /** Agents only: the sub-accounts registered under the agent, newest first. */
  agentSubAccounts: define<typeof referralSchemas.referralPageQuerySchema, Paged<SubAccount>>()({
    method: 'GET',
    path: '/wps/member/agent/members',
  }),
  /** Agents only: a sub-member created directly (username and password, the registration's rules). */
  agentCreateSubAccount: define<typeof referralSchemas.subAccountSchema, CreatedSubAccount>()({
    method: 'POST',
    path: '/wps/member/agent/members/create',
    sealed: true,
  }),
} as const;
