import type { ChatAuthKey } from '@wps/contract/chat';
import { call } from '@/api/call';
import { memberInfoQuery } from '@/features/member';
import { fetchQuery } from '@/queries/queryData';
import { createStore } from '@/state/createStore';
import { getMerchantCode } from '@/state/merchant';
import { getToken, subscribe } from '@/state/session';
import { chatPseudoId } from './pseudoId';

/** The chat's member info and auth key of the current token; null without one. */
export interface ChatMember {
  token: string;
  name: string;
  pseudoId: string;
  authKey: string;
  expiresAt: string;
}

export const chatMemberStore = createStore<ChatMember | null>(null);

type WidgetIdentity = {
  WpsChatWidget?: { identify?: unknown; logout?: unknown };
};

/** The merchant's third-party chat widget, when it takes the member's identity. */
function widgetOf(win: Window): { identify?: (user: object) => void; logout?: () => void } {
  const widget = (win as unknown as WidgetIdentity).WpsChatWidget;
  const identify = widget?.identify;
  const logout = widget?.logout;
  return {
    ...(typeof identify === 'function'
      ? { identify: (user: object) => void identify.call(widget, user) }
      : {}),
    ...(typeof logout === 'function' ? { logout: () => void logout.call(widget) } : {}),
  };
}

let watching = false;

/** On token loss (or another token) the key goes, and the widget is logged out. */
function watchTokenLoss(win: Window): void {
  if (watching) return;
  watching = true;
  subscribe(() => {
    const member = chatMemberStore.get();
    if (member !== null && member.token !== getToken()) {
      chatMemberStore.set(null);
      widgetOf(win).logout?.();
    }
  });
}

/**
 * When a token appears (spec section 4): the member's name and pseudo-identifier (merchant plus user
 * id) are saved for the chat and its auth key refreshed (WPSCORE_saveMemberInfoByAuthKey); a
 * third-party widget that takes an identity gets them. An answer for a token that is gone by then
 * is dropped. Loaded after the member info, never in the first load.
 */
export async function refreshChatAuthKey(
  name: string,
  pseudoId: string,
  token: string,
  win: Window = window,
): Promise<ChatMember | null> {
  watchTokenLoss(win);
  let answer: ChatAuthKey;
  try {
    answer = await call('saveChatMemberInfo', { name, pseudoId }, { handleErrors: false });
  } catch {
    return null;
  }
  if (getToken() !== token) return null;
  const member: ChatMember = { token, name, pseudoId, ...answer };
  chatMemberStore.set(member);
  tellWidget(win, member, 0);
  return member;
}

/** A widget injected later (500 ms after the load, spec section 9) is told when it is there. */
const WIDGET_WAITS_MS = [1_000, 3_000, 6_000];

function tellWidget(win: Window, member: ChatMember, attempt: number): void {
  if (chatMemberStore.get() !== member) return;
  const identify = widgetOf(win).identify;
  if (identify) {
    identify({ name: member.name, pseudoId: member.pseudoId, authKey: member.authKey });
    return;
  }
  const wait = WIDGET_WAITS_MS[attempt];
  if (wait !== undefined) win.setTimeout(() => tellWidget(win, member, attempt + 1), wait);
}

let watchingPresence = false;

/**
 * A token's presence (spec section 4), watched from after the page's load (this chunk comes with the
 * third-party chat's start, never in the first load): once the token's member info is there (the
 * token effects load it; this shares that load), the chat's member info is saved and its auth key
 * refreshed. A token present at the start counts as appearing.
 */
export function watchChatMember(win: Window = window): void {
  if (watchingPresence) return;
  watchingPresence = true;
  let current: string | null = null;
  const check = () => {
    const token = getToken();
    if (token === current) return;
    current = token;
    if (!token) return;
    fetchQuery(memberInfoQuery).then(
      (info) => {
        if (getToken() !== token) return;
        void refreshChatAuthKey(info.account, chatPseudoId(getMerchantCode() ?? '', info.id), token, win);
      },
      () => undefined,
    );
  };
  check();
  subscribe(check);
}
