import type { ContactMethod } from '@wps/contract/memberArea';
import type { ContactCodePayload } from '@wps/contract/schemas/memberArea';
import { useState } from 'react';
import { sendContactCode } from '@/api/endpoints/memberArea';
import { useT } from '@/i18n/I18nProvider';
import { securityErrorKey } from '@/screens/MemberSettings/hooks/useSecurity';
import {
  emailMessage,
  Field,
  MobileNumberField,
  mobileSendBlock,
  nationalNumber,
  SendCodeButton,
  useDialingCode,
  type FormMessage,
} from '@/ui/form';
import { CodeInput } from './CodeInput';

/** The new address or number as the server takes it (the code's request without the code). */
export type ContactEntry = ContactCodePayload;

interface Props {
  method: ContactMethod;
  busy: boolean;
  error: string | null;
  onError: (message: string | null) => void;
  onVerify: (entry: ContactEntry, code: string) => void;
  onCancel: () => void;
}

/** Why "Send code" is off for an email address: none yet, or not one. */
function emailSendBlock(value: string): FormMessage | null {
  if (value.trim() === '') return { key: 'contact_send_need_email' };
  return emailMessage(value) === null ? null : { key: 'contact_send_fix_email' };
}

/**
 * A new email address or mobile number: typed, a code sent to it, the code entered. The code goes
 * to the address or number as it was when sent, so editing it afterwards asks for a new code.
 */
export function ContactEditor({ method, busy, error, onError, onVerify, onCancel }: Props) {
  const { t } = useT();
  const [dialingCode, setDialingCode] = useDialingCode();
  const [value, setValue] = useState('');
  const [sent, setSent] = useState<{ entry: ContactEntry; shown: string } | null>(null);
  const [code, setCode] = useState('');
  const number = method === 'sms' ? nationalNumber(value, dialingCode) : null;
  const entry: ContactEntry | null =
    method === 'email'
      ? emailSendBlock(value) === null
        ? { method, email: value.trim() }
        : null
      : number !== null && mobileSendBlock(value, dialingCode) === null
        ? { method, countryDialingCode: dialingCode, mobileNum: number }
        : null;
  const blocked = method === 'email' ? emailSendBlock(value) : mobileSendBlock(value, dialingCode);

  const change = (next: string) => {
    setValue(next);
    setSent(null);
    setCode('');
  };
  const send = async () => {
    if (entry === null) throw new Error('nothing to send to');
    onError(null);
    try {
      const result = await sendContactCode(entry);
      // A number isolated left to right (U+2066 … U+2069): in an Arabic sentence "+63 917…" keeps its order.
      const shown =
        entry.method === 'email'
          ? entry.email
          : `\u2066+${dialingCode.replace(/^\+/, '')} ${number ?? ''}\u2069`;
      setSent({ entry, shown });
      return result;
    } catch (caught) {
      onError(t(securityErrorKey(caught)));
      throw caught;
    }
  };
  const confirm = () => {
    if (sent === null) return;
    if (!/^[0-9]{6}$/.test(code)) {
      onError(t('auth_code_invalid'));
      return;
    }
    onVerify(sent.entry, code);
  };

  return (
    <div className="settings-steps">
      {method === 'email' ? (
        <Field
          label={t('contact_new_email')}
          name="email"
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
        />
      ) : (
        <MobileNumberField
          dialingCode={dialingCode}
          onDialingCodeChange={(next) => {
            setDialingCode(next);
            setSent(null);
          }}
          value={value}
          onChange={change}
        />
      )}
      <div className="settings-row">
        <SendCodeButton send={send} blocked={blocked} />
      </div>
      {sent !== null && (
        <>
          <p role="status">{t('two_factor_sent_to', { destination: sent.shown })}</p>
          <CodeInput
            label={t('verification_code')}
            value={code}
            onChange={setCode}
            onSubmit={confirm}
            submitLabel={t('contact_verify')}
            busy={busy}
            error={error}
          />
        </>
      )}
      {sent === null && error !== null && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
      <div className="settings-row">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
