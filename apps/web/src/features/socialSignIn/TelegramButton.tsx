import { LOGIN_POPUP_WINDOW } from '@wps/contract/constants';
import { TELEGRAM_STAND_IN, type TelegramLoginSetting } from '@wps/contract/socialProviders';
import { useEffect, useRef, useState } from 'react';
import { call } from '@/api/call';
import { currentEnvironment } from '@/platform/environment';
import { showAlert } from '@/ui/notices';
import { googleBlockedWebView, signInModeFor } from './browserRules';
import { noteTelegramRedirect, originOfAuthDomain, readTelegramWidgetMessage } from './telegram';

const TELEGRAM_OAUTH_ORIGIN = 'https://oauth.telegram.org';

interface TelegramButtonProps {
  label: string;
  /** The signed auth data, as JSON text. */
  onAuth: (telegramAuth: string) => void;
}

/** The widget's address: the stand-in's (this site) or Telegram's own auth popup. */
export function telegramWidgetUrl(
  setting: TelegramLoginSetting,
  origin: string,
  mode: 'popup' | 'redirect',
  returnPath: string,
): string {
  if (setting.standIn) {
    const params = new URLSearchParams({ bot_id: setting.botId, mode });
    if (mode === 'redirect') params.set('return', returnPath);
    return `${TELEGRAM_STAND_IN.widgetPath}?${params.toString()}`;
  }
  const params = new URLSearchParams({ bot_id: setting.botId, origin, request_access: 'write' });
  if (mode === 'redirect') params.set('return_to', `${origin}${returnPath}`);
  return `${TELEGRAM_OAUTH_ORIGIN}/auth?${params.toString()}`;
}

/** The origins whose messages count: this site for the stand-in, else Telegram's and the auth domain's. */
export function telegramOrigins(
  setting: TelegramLoginSetting,
  location: { origin: string; protocol: string },
): string[] {
  if (setting.standIn) return [location.origin];
  const authDomain = originOfAuthDomain(setting.authDomain, location.protocol);
  return authDomain === null ? [TELEGRAM_OAUTH_ORIGIN] : [TELEGRAM_OAUTH_ORIGIN, authDomain];
}

/**
 * The Telegram login widget (spec section 4): a popup that posts `popupBlocked` (an alert) or the
 * signed auth data (`getTgAuthData`, the login); a redirect with the result in the URL hash where
 * popups do not work. The bot id and auth domain come from WPSCORE_getTelegramLoginSetting, asked when
 * the button shows (a popup must open in the tap itself).
 */
export function TelegramButton({ label, onAuth }: TelegramButtonProps) {
  const [setting, setSetting] = useState<TelegramLoginSetting | null>(null);
  // Only the window this button opened is listened to.
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    let live = true;
    call('telegramLoginSetting', {}, { handleErrors: false })
      .then((answer) => {
        if (live) setSetting(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (setting === null) return undefined;
    const origins = telegramOrigins(setting, window.location);
    const onMessage = (event: MessageEvent) => {
      if (popupRef.current === null || event.source !== popupRef.current) return;
      const message = readTelegramWidgetMessage(event, origins);
      if (message === null) return;
      if (message.kind === 'popupBlocked') void showAlert({ key: 'telegram_popup_blocked' });
      else if (message.kind === 'auth') onAuth(JSON.stringify(message.data));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [setting, onAuth]);

  const open = () => {
    if (setting === null) return;
    const { pathname, search } = window.location;
    const returnPath = pathname.startsWith('/m/') ? `${pathname}${search}` : '/m/login';
    const mode = signInModeFor(
      currentEnvironment(),
      false,
      googleBlockedWebView(navigator.userAgent) !== null,
    );
    const url = telegramWidgetUrl(setting, window.location.origin, mode, returnPath);
    if (mode === 'redirect') {
      noteTelegramRedirect();
      window.location.assign(url);
      return;
    }
    const { width, height } = LOGIN_POPUP_WINDOW;
    const popup = window.open(url, 'wps-telegram', `width=${width},height=${height},resizable,scrollbars`);
    popupRef.current = popup;
    if (!popup) void showAlert({ key: 'telegram_popup_blocked' });
  };

  return (
    <button
      type="button"
      className="button button-ghost social-button social-telegram"
      disabled={setting === null}
      onClick={open}
    >
      {label}
    </button>
  );
}
