import type { CommonSettings } from '@wps/contract/system';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Field, MobileNumberField, mobileSendBlock, nationalNumber, useDialingCode } from '@/ui/form';
import { useT } from '@/i18n/I18nProvider';
import { loadAdapter } from './adapter';
import { codeExpiredError } from './errors';
import type { SocialLoginOutcome } from './socialLogin';

/** The E.164 number of a dialing code and a national number, or null when it is not one. */
export function e164(dialingCode: string, national: string): string | null {
  const code = dialingCode.replace(/\D/g, '');
  const number = national.replace(/[\s().-]/g, '').replace(/^0+/, '');
  if (!/^\d{1,4}$/.test(code) || !/^\d{4,14}$/.test(number)) return null;
  const full = `+${code}${number}`;
  return full.length <= 16 ? full : null;
}

interface PhoneSignInProps {
  settings: CommonSettings;
  /** Runs the work as the section's other sign-ins do (busy state, provider errors, outcome). */
  run: (work: () => Promise<SocialLoginOutcome | null>) => void;
  go: string | null;
}

/**
 * Firebase phone auth, the SMS alternative (smsProvider.firebase, with the Firebase SDK): the SMS code
 * is sent and checked by Firebase, the verified number signs in. A code checked with no code sent
 * (or after a reload) is `auth/code-expired`.
 */
export function PhoneSignIn({ settings, run, go }: PhoneSignInProps) {
  const { t } = useT();
  const [dialingCode, setDialingCode] = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  const reasonId = useId();
  // The phone rules every mobile field checks (ui/form phoneRules), then Firebase's E.164 form.
  const blocked = mobileSendBlock(mobileNum, dialingCode);
  const national = nationalNumber(mobileNum, dialingCode);
  const phoneNumber = blocked === null && national !== null ? e164(dialingCode, national) : null;

  const send = () => {
    const anchor = sendButton.current;
    if (phoneNumber === null || anchor === null) return;
    run(async () => {
      const adapter = await loadAdapter(settings.smsProvider);
      await adapter.sendPhoneCode?.(phoneNumber, anchor);
      setSent(true);
      return null;
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    run(async () => {
      const adapter = await loadAdapter(settings.smsProvider);
      if (!adapter.confirmPhoneCode) throw codeExpiredError();
      const result = await adapter.confirmPhoneCode(code.trim());
      return (await import('./flows')).loginWithIdToken(result, go);
    });
  };

  return (
    <form method="post" className="auth-form social-phone" onSubmit={confirm} noValidate>
      <MobileNumberField
        name="firebasePhone"
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
        value={mobileNum}
        onChange={setMobileNum}
      />
      <div className="auth-field-row">
        <Field
          label={t('auth_sms_code')}
          name="firebaseCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <button
          ref={sendButton}
          type="button"
          className="button button-ghost"
          disabled={phoneNumber === null}
          aria-describedby={phoneNumber === null ? reasonId : undefined}
          onClick={send}
        >
          {t('auth_send_code')}
        </button>
        {phoneNumber === null && (
          <p id={reasonId} className="auth-hint send-code-reason">
            {t(blocked?.key ?? 'auth_send_code_fix_mobile', blocked?.params)}
          </p>
        )}
      </div>
      {sent && (
        <p className="auth-hint" role="status">
          {t('auth_code_sent')}
        </p>
      )}
      <button type="submit" className="button button-ghost social-button" disabled={!code.trim()}>
        {t('social_continue_phone')}
      </button>
    </form>
  );
}
