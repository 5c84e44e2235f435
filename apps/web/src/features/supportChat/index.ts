// The support chat's face (docs/architecture.md, "Web layers"): the built-in chat's client and what
// the rest of the app tells it; the merchant's third-party widget.
export { CHAT_IMAGE_TYPES, attachmentUrl } from './chatAttachments';
export {
  CHAT_LINGER_MS,
  ChatClient,
  sharedChatClient,
  type ChatSnapshot,
  type ChatStatus,
} from './chatClient';
export type { ChatItem, ChatItemState } from './chatConversation';
export { useLiveUnreadCount } from './liveUnread';
export {
  chatPseudoId,
  setSupportChat,
  startThirdPartyChatLater,
  supportChat,
  type SupportChat,
} from './supportChat';
export { openThirdPartyChat, thirdPartyChatStatus } from './thirdPartyChat';
