import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { CS_SCRIPT_DELAY_MS } from '@wps/contract/chat';
import { localStore } from '@/platform/storage';
export { chatPseudoId } from './pseudoId';

/**
 * The support chat as the token effects see it (spec section 4): a token appearing identifies the
 * member to the chat, losing it logs the chat out. The chat client (`chatClient.ts`, loaded with the
 * chat screen) installs its implementation with `setSupportChat`.
 */
export interface SupportChat {
  /** The member's user name and pseudo-identifier (see `chatPseudoId`). */
  identify(userName: string, pseudoId: string): void;
  /** Clears the chat user and ends its session. */
  logout(): void;
  /** The chat's socket is up: it brings agent replies as they come (the unread count needs no polling). */
  live?(): boolean;
}

/**
 * Before the chat's code is loaded there is nothing to tell it; logging out still forgets this
 * device's visitor id and unsent messages, so the next person here never sees the last one's.
 */
const NO_CHAT: SupportChat = {
  identify: () => undefined,
  logout: forgetChatDevice,
};

/** The visitor id and every unsent message written on this device go (a logout). */
export function forgetChatDevice(): void {
  localStore.remove(LazyStorageKey.chatVisitor);
  localStore.remove(LazyStorageKey.chatOutbox);
}

let current: SupportChat = NO_CHAT;

export function supportChat(): SupportChat {
  return current;
}

/** Installs the chat (null: back to the no-op). */
export function setSupportChat(chat: SupportChat | null): void {
  current = chat ?? NO_CHAT;
}

/**
 * A merchant's third-party chat script, 500 ms after the page's load (spec section 9); its code
 * (thirdPartyChat.ts) is its own chunk and asks the server whether there is a script at all.
 */
export function startThirdPartyChatLater(win: Window): void {
  const start = () =>
    win.setTimeout(() => {
      void import('./thirdPartyChat').then(
        (module) => module.startThirdPartyChat(win),
        () => undefined,
      );
    }, CS_SCRIPT_DELAY_MS);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
