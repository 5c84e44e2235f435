import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useHydrated } from '@/state/hydration';
import type { MessageKey } from '@/i18n';
import {
  autofillAvailable,
  cancelPasskeyAutofill,
  signInWithPasskey,
  webAuthnAvailable,
  type PasskeySignIn as Outcome,
} from '@/features/session/passkeys';
import { FormMessageLine } from '@/ui/form';
import { SecondFactorDialog } from './SecondFactorDialog';

interface PasskeySignInProps {
  go: string | null;
  /** The username field (autocomplete "username webauthn") is on screen: offer passkeys in its autofill. */
  autofill: boolean;
  /** The form's Remember me (absent: not remembered). */
  remember?: boolean;
  onSuccess: (destination: string) => void;
}

/** Failures that come after the member picked a passkey: the autofill is offered again. */
const RETRY_AUTOFILL: readonly MessageKey[] = ['passkey_not_recognised', 'passkey_expired'];
/** How often, at most, on one visit of the form (an authenticator that answers by itself cannot spin it). */
const MAX_AUTOFILL_ROUNDS = 3;

/**
 * Passkey sign-in on the login form: the browser's autofill suggestions (conditional mediation), asked
 * for after the first paint where the browser supports it, and a "Sign in with a passkey" button where
 * WebAuthn exists at all. A cancelled sheet says nothing; other failures a translated line; a member
 * with a second factor completes it in the same dialog as after a password.
 */
export function PasskeySignIn({ go, autofill, remember = false, onSuccess }: PasskeySignInProps) {
  const { t } = useT();
  // The server renders the button (most browsers have WebAuthn, and a button shown only after
  // hydration would be the page's largest paint, waiting for the app's code); a browser without it
  // drops the button once hydrated.
  const supported = !useHydrated() || webAuthnAvailable();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const [verify, setVerify] = useState<LoginVerifyRequired | null>(null);
  // A new round asks the browser for autofill again (after a failure or the button's own ceremony).
  const [round, setRound] = useState(0);
  const onSuccessRef = useRef(onSuccess);
  // Read when the server accepts the passkey: the autofill is asked for once, before the box may be
  // ticked, and must not start over when it is.
  const rememberRef = useRef(remember);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
    rememberRef.current = remember;
  });

  const settle = (outcome: Outcome): void => {
    if (outcome.status === 'success') onSuccessRef.current(outcome.destination);
    else if (outcome.status === 'verify') setVerify(outcome.required);
    else if (outcome.status === 'failed') setMessage(outcome.message);
  };

  useEffect(() => {
    if (!autofill || busy || round >= MAX_AUTOFILL_ROUNDS) return undefined;
    let active = true;
    void (async () => {
      const available = await autofillAvailable().catch(() => false);
      if (!available || !active) return;
      const outcome = await signInWithPasskey({ autofill: true, go, remember: () => rememberRef.current });
      if (!active) return;
      settle(outcome);
      if (outcome.status === 'failed' && RETRY_AUTOFILL.includes(outcome.message)) {
        setRound((value) => Math.min(value + 1, MAX_AUTOFILL_ROUNDS));
      }
    })();
    return () => {
      active = false;
      void cancelPasskeyAutofill();
    };
  }, [autofill, busy, round, go]);

  const withButton = async () => {
    setMessage(null);
    setBusy(true);
    const outcome = await signInWithPasskey({ autofill: false, go, remember: () => rememberRef.current });
    setBusy(false);
    // The autofill request starts again by itself when busy clears.
    settle(outcome);
  };

  return (
    <>
      <FormMessageLine message={message ? { key: message } : null} />
      {supported && (
        <button
          type="button"
          className="button button-ghost passkey-sign-in"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void withButton()}
        >
          {t('passkey_sign_in')}
        </button>
      )}
      {verify && (
        <SecondFactorDialog
          required={verify}
          payload={null}
          options={{ go, remember }}
          onDone={(destination) => {
            setVerify(null);
            onSuccessRef.current(destination);
          }}
          onCancel={() => setVerify(null)}
        />
      )}
    </>
  );
}
