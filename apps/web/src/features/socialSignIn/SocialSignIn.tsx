import type { FirebaseChannel } from '@wps/contract/social';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { WpsError } from '@/api/client';
import { ageRulesOf, closeRegisterDialog, SecondFactorDialog } from '@/features/session';
import { useT } from '@/i18n/I18nProvider';
import { currentEnvironment } from '@/platform/environment';
import { currentSettings, useSettings } from '@/state/settings';
import { showAlert } from '@/ui/notices';
import { firebaseAvailable, firebasePhoneOn } from './adapter';
import { googleBlockedWebView, openInBrowserUrl } from './browserRules';
import { providerErrorView, type ProviderErrorView } from './errors';
import { detectPrivateMode } from './incognito';
import { PROVIDER_NAMES } from './providerNames';
import type { PendingBind } from '@/features/session';
import type { SocialLoginOutcome } from './socialLogin';
import { PhoneSignIn } from './PhoneSignIn';
import { TelegramButton } from './TelegramButton';
import { useAppNavigate } from '@/features/navigation';
import './social.css';

const REGISTER_PATH = '/m/register';

const BindDialog = lazy(() => import('./BindDialog').then((module) => ({ default: module.BindDialog })));

const FIREBASE_BUTTONS: readonly {
  channel: FirebaseChannel;
  flag: 'GOOGLELOGIN3' | 'FACEBOOKLOGIN3' | 'TWITTERLOGIN3';
}[] = [
  { channel: 'google.com', flag: 'GOOGLELOGIN3' },
  { channel: 'facebook.com', flag: 'FACEBOOKLOGIN3' },
  { channel: 'twitter.com', flag: 'TWITTERLOGIN3' },
];

interface SocialSignInProps {
  go: string | null;
  /** Signed in: where to go (the caller navigates). */
  onSuccess: (destination: string) => void;
  /** Also complete a provider's return to this page (the login page; register shows buttons only). */
  handleReturns?: boolean;
  /**
   * Which sign-ins: all; only Firebase phone auth (the login form's mobile tab); or all but phone
   * auth (the login page's section, whose form has it in that tab).
   */
  part?: 'all' | 'phone' | 'others';
}

type Privacy = 'checking' | 'private' | 'normal';

/**
 * The social sign-in buttons of the login and register pages (spec sections 4 to 6, 8): one per
 * provider whose flag is on; nothing but `not_support_incognito` in a private window; inside in-app
 * browsers Google refuses, Google's button offers to open the page in the browser. A provider failure
 * shows its translated text with `Code:` and `Reason:` lines under the buttons.
 */
export function SocialSignIn({ go, onSuccess, handleReturns = false, part = 'all' }: SocialSignInProps) {
  const { t } = useT();
  const settings = useSettings();
  const flags = settings?.whitelabelVal;
  const navigate = useAppNavigate();
  const ageRules = ageRulesOf(settings);
  const [privacy, setPrivacy] = useState<Privacy>('checking');
  const [busy, setBusy] = useState(false);
  // Buttons stay enabled while a sign-in runs (a disabled button would drop the focus the dialogs
  // give back); a tap meanwhile is ignored.
  const busyRef = useRef(false);
  const [failure, setFailure] = useState<ProviderErrorView | null>(null);
  const [verify, setVerify] = useState<{ required: LoginVerifyRequired; payload: LoginPayload } | null>(null);
  const [bind, setBind] = useState<PendingBind | null>(null);
  const returnsHandled = useRef(false);

  useEffect(() => {
    let live = true;
    void detectPrivateMode().then((isPrivate) => {
      if (live) setPrivacy(isPrivate ? 'private' : 'normal');
    });
    return () => {
      live = false;
    };
  }, []);

  const settle = (outcome: SocialLoginOutcome | { status: 'mismatch' } | { status: 'refused' } | null) => {
    if (outcome === null) return;
    switch (outcome.status) {
      case 'success':
        closeRegisterDialog();
        onSuccess(outcome.destination);
        return;
      case 'verify':
        setVerify({ required: outcome.required, payload: outcome.payload });
        return;
      case 'bind':
        setBind(outcome.pending);
        return;
      case 'register':
        // The date of birth is the form's (issue 29); the sign-in is linked when it registers.
        closeRegisterDialog();
        if (window.location.pathname !== REGISTER_PATH) navigate(REGISTER_PATH);
        return;
      case 'mismatch':
        void showAlert({ key: 'line_state_mismatch' });
        return;
      case 'refused':
        void showAlert({ key: 'line_refused' });
        return;
      default:
    }
  };

  const run = async (
    work: () => Promise<SocialLoginOutcome | { status: 'mismatch' } | { status: 'refused' } | null>,
  ) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setFailure(null);
    setBusy(true);
    try {
      settle(await work());
    } catch (error) {
      // A refused call (the LINE code exchange) is the error catalogue's and already shown.
      if (!(error instanceof WpsError)) setFailure(providerErrorView(error));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // A provider's return to the login page: Firebase's redirect, LINE's code, Telegram's hash or the
  // mini app's initData. Once per page.
  useEffect(() => {
    if (!handleReturns || returnsHandled.current) return;
    const current = currentSettings();
    if (!current) return;
    returnsHandled.current = true;
    // Not under the tap guard: a page with nothing to complete must not ignore an early tap.
    void import('./flows').then(async (flows) => {
      try {
        settle(
          (await flows.completeFirebaseRedirect(current, go)) ??
            (await flows.completeLineReturn()) ??
            (await flows.completeLiffArrival(current, go)) ??
            (await flows.completeTelegramArrival(current, go)),
        );
      } catch (error) {
        if (!(error instanceof WpsError)) setFailure(providerErrorView(error));
      }
    });
    // Runs once the settings are there; `go` is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handleReturns, settings]);

  // Nothing until the browser has answered the private-mode check: the server (and the hydrating
  // render) cannot know the browser, its user agent or its address.
  if (!settings || !flags || privacy === 'checking') return null;
  const others = part !== 'phone';
  const firebaseButtons =
    others && firebaseAvailable(settings.smsProvider)
      ? FIREBASE_BUTTONS.filter((button) => flags[button.flag])
      : [];
  const line = others && Boolean(flags.LINELOGIN3 && settings.gw.LINE_CLIENT_ID);
  const telegram = others && Boolean(flags.TELEGRAMLOGIN3);
  // Firebase phone auth, the SMS alternative: the stand-in's popup, or the SDK's code form.
  const phone = part !== 'others' && firebasePhoneOn(settings.smsProvider);
  const phoneByPopup = phone && settings.smsProvider.standIn === true;
  if (firebaseButtons.length === 0 && !line && !telegram && !phone) return null;

  const env = currentEnvironment();
  const googleRefused = googleBlockedWebView(navigator.userAgent);
  const browserUrl = googleRefused ? openInBrowserUrl(window.location.href, googleRefused, env) : null;

  const signInWith = (channel: FirebaseChannel) =>
    void run(async () => (await import('./flows')).signInWithFirebase(settings, channel, go));
  const startLine = () =>
    void run(async () => {
      await (await import('./flows')).startLineSignIn(settings, go);
      return null;
    });

  return (
    <section
      className={others ? 'social-sign-in' : 'social-sign-in social-sign-in-phone'}
      {...(others ? { 'aria-labelledby': 'social-sign-in-title' } : { 'aria-label': t('auth_mobile') })}
      aria-busy={busy}
    >
      {others && (
        <h2 id="social-sign-in-title" className="social-title">
          {t('social_or')}
        </h2>
      )}
      {privacy === 'private' ? (
        <p className="social-note" role="status">
          {t('not_support_incognito')}
        </p>
      ) : (
        <div className="social-buttons">
          {firebaseButtons.map(({ channel }) => {
            const name = PROVIDER_NAMES[channel];
            if (channel === 'google.com' && googleRefused) {
              return (
                <div key={channel} className="social-webview">
                  <p className="social-note">{t('social_webview_hint', { provider: name })}</p>
                  {browserUrl && (
                    <a className="button button-ghost social-button" href={browserUrl}>
                      {t('social_open_in_browser', { provider: name })}
                    </a>
                  )}
                </div>
              );
            }
            return (
              <button
                key={channel}
                type="button"
                className={`button button-ghost social-button social-${channel.replace('.com', '')}`}
                onClick={() => signInWith(channel)}
              >
                {t('social_continue_with', { provider: name })}
              </button>
            );
          })}
          {phoneByPopup && (
            <button
              type="button"
              className="button button-ghost social-button social-phone"
              onClick={() => signInWith('phone')}
            >
              {t('social_continue_phone')}
            </button>
          )}
          {line && (
            <button
              type="button"
              className="button button-ghost social-button social-line"
              onClick={startLine}
            >
              {t('social_continue_with', { provider: PROVIDER_NAMES.line })}
            </button>
          )}
          {telegram && (
            <TelegramButton
              label={t('social_continue_with', { provider: PROVIDER_NAMES.telegram })}
              onAuth={(telegramAuth) =>
                void run(async () => (await import('./flows')).loginWithTelegram(telegramAuth, go))
              }
            />
          )}
          {phone && !phoneByPopup && (
            <PhoneSignIn settings={settings} run={(work) => void run(work)} go={go} />
          )}
        </div>
      )}
      {ageRules && privacy !== 'private' && (
        <p className="social-note social-age">{t('social_age_line', { minAge: ageRules.minAge })}</p>
      )}
      {failure && (
        <div className="social-error" role="alert">
          <p>{t(failure.key)}</p>
          <p>Code: {failure.code}</p>
          <p>Reason: {failure.reason}</p>
        </div>
      )}
      {verify && (
        <SecondFactorDialog
          required={verify.required}
          payload={verify.payload}
          options={{ go, remember: false }}
          onDone={(destination) => {
            setVerify(null);
            onSuccess(destination);
          }}
          onCancel={() => setVerify(null)}
        />
      )}
      {bind && (
        <Suspense fallback={null}>
          <BindDialog pending={bind} onClose={() => setBind(null)} />
        </Suspense>
      )}
    </section>
  );
}
