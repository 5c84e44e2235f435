import { CS_AVAILABILITY_RECHECK_MS } from '@wps/contract/chat';
import { call } from '@/api/call';
import { createStore } from '@/state/createStore';

/**
 * A merchant's third-party chat (issue 16, spec sections 7 and 9): its script, named by
 * WPSCORE_getCustomerServiceScript, is injected once (500 ms after the page's load, see
 * `startThirdPartyChatLater`), and whether the widget is there is checked again 1 s and 3 s later.
 */
export type ThirdPartyChatStatus = 'none' | 'loading' | 'ready' | 'unavailable';
export const thirdPartyChatStatus = createStore<ThirdPartyChatStatus>('none');

/** The answer is checked here too: only an https address or a path of this site is ever loaded. */
export function isAllowedScriptSrc(src: string): boolean {
  if (src.startsWith('/')) return !src.startsWith('//') && !src.includes('\\');
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

type WidgetGlobals = {
  WpsChatWidget?: { open?: unknown };
  LiveChatWidget?: { call?: unknown };
  zE?: unknown;
  Tawk_API?: { maximize?: unknown };
};

/** How the widget on the page opens: the stand-in's global, or a common provider's own call. */
export function widgetOpener(win: Window): (() => void) | null {
  const globals = win as unknown as WidgetGlobals;
  const own = globals.WpsChatWidget?.open;
  if (typeof own === 'function') return () => void own.call(globals.WpsChatWidget);
  const liveChat = globals.LiveChatWidget?.call;
  if (typeof liveChat === 'function') return () => void liveChat.call(globals.LiveChatWidget, 'maximize');
  const zendesk = globals.zE;
  if (typeof zendesk === 'function') return () => void zendesk('messenger', 'open');
  const tawk = globals.Tawk_API?.maximize;
  if (typeof tawk === 'function') return () => void tawk.call(globals.Tawk_API);
  return null;
}

/** Opens the third-party chat when one is on the page; false when there is none to open. */
export function openThirdPartyChat(win: Window = window): boolean {
  const open = widgetOpener(win);
  open?.();
  return open !== null;
}

export async function startThirdPartyChat(win: Window): Promise<void> {
  // The chat's member info and auth key follow the token from now on (its own chunk).
  void import('./chatAuthKey').then(
    (module) => module.watchChatMember(win),
    () => undefined,
  );
  if (win.document.querySelector('script[data-cs-script]')) return;
  let src: string | null;
  try {
    src = (await call('customerServiceScript', {}, { handleErrors: false })).src;
  } catch {
    return;
  }
  if (src === null || !isAllowedScriptSrc(src)) return;
  const script = win.document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.csScript = '';
  thirdPartyChatStatus.set('loading');
  win.document.head.append(script);
  CS_AVAILABILITY_RECHECK_MS.forEach((delay, index) => {
    win.setTimeout(() => {
      if (widgetOpener(win) !== null) thirdPartyChatStatus.set('ready');
      else if (index === CS_AVAILABILITY_RECHECK_MS.length - 1) thirdPartyChatStatus.set('unavailable');
    }, delay);
  });
}
