// The member feature's face (docs/architecture.md, "Web layers"): the logged-in member's data.
export {
  currentMemberInfo,
  memberInfoQuery,
  rankProgressQuery,
  toVipProgress,
  unreadCountQuery,
  useMemberInfo,
  useUnreadCount,
  useVipProgress,
  type VipProgress,
} from './memberData';
