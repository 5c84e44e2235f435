import type { SmsRequestPayload } from '@wps/contract/schemas/accounts';
import type { CaptchaProofResult } from '@/api/endpoints/accounts';
import { useT } from '@/i18n/I18nProvider';
import { DialingCodeSelect, Field } from '@/ui/form';
import { SmsCodeButton } from './SmsCodeButton';

interface MobileCodeFieldsProps {
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  mobileNum: string;
  onMobileNumChange: (value: string) => void;
  code: string;
  onCodeChange: (value: string) => void;
  errors: { mobileNum?: string; code?: string };
  purpose: NonNullable<SmsRequestPayload['purpose']>;
  /** The SMS request needs a captcha pass first (the merchant's SMS captcha flag). */
  smsNeedsProof: boolean;
  proof: CaptchaProofResult | null;
  /** A sent code used up the captcha pass: the form shows a fresh slider. */
  onCodeSent: () => void;
}

/** Mobile number with its dialing code, the SMS code and the send-code button: login and registration share it. */
export function MobileCodeFields(props: MobileCodeFieldsProps) {
  const { t } = useT();
  const { mobileNum, smsNeedsProof, proof } = props;
  const request: SmsRequestPayload | null =
    mobileNum.trim() && (!smsNeedsProof || proof)
      ? {
          countryDialingCode: props.dialingCode,
          mobileNum: mobileNum.trim(),
          purpose: props.purpose,
          ...(smsNeedsProof && proof ? proof : {}),
        }
      : null;
  return (
    <>
      <div className="auth-field-row">
        <DialingCodeSelect value={props.dialingCode} onChange={props.onDialingCodeChange} />
        <Field
          label={t('auth_mobile')}
          name="mobileNum"
          type="tel"
          autoComplete="tel-national"
          value={mobileNum}
          error={props.errors.mobileNum}
          onChange={(event) => props.onMobileNumChange(event.currentTarget.value)}
        />
      </div>
      <div className="auth-field-row">
        <Field
          label={t('auth_sms_code')}
          name="smsCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={props.code}
          error={props.errors.code}
          onChange={(event) => props.onCodeChange(event.currentTarget.value)}
        />
        <SmsCodeButton request={request} onSent={() => smsNeedsProof && props.onCodeSent()} />
      </div>
    </>
  );
}
