import type { SmsRequestPayload } from '@wps/contract/schemas/accounts';
import type { CaptchaProofResult } from '@/api/endpoints/accounts';
import { useT } from '@/i18n/I18nProvider';
import { Field, MobileNumberField, mobileSendBlock, nationalNumber, type FormMessage } from '@/ui/form';
import { SmsCodeButton } from './SmsCodeButton';

interface MobileCodeFieldsProps {
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  mobileNum: string;
  onMobileNumChange: (value: string) => void;
  code: string;
  onCodeChange: (value: string) => void;
  errors: { mobileNum?: string; code?: string };
  /** The member left the number field (its form's messages show from then on). */
  onMobileNumLeave?: () => void;
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
  const number = nationalNumber(mobileNum, props.dialingCode);
  // Why "Send code" is off: the number first, then the captcha the merchant asks for.
  const blocked: FormMessage | null =
    mobileSendBlock(mobileNum, props.dialingCode) ??
    (smsNeedsProof && !proof ? { key: 'auth_send_code_need_captcha' } : null);
  const request: SmsRequestPayload | null =
    blocked === null && number !== null
      ? {
          countryDialingCode: props.dialingCode,
          mobileNum: number,
          purpose: props.purpose,
          ...(smsNeedsProof && proof ? proof : {}),
        }
      : null;
  return (
    <>
      <MobileNumberField
        dialingCode={props.dialingCode}
        onDialingCodeChange={props.onDialingCodeChange}
        value={mobileNum}
        error={props.errors.mobileNum}
        onChange={props.onMobileNumChange}
        onBlur={props.onMobileNumLeave}
      />
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
        <SmsCodeButton
          request={request}
          blocked={blocked}
          onSent={() => smsNeedsProof && props.onCodeSent()}
        />
      </div>
    </>
  );
}
