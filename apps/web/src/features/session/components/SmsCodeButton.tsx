import type { SmsRequestPayload } from '@wps/contract/schemas/accounts';
import { WpsError } from '@/api/client';
import { requestSmsCode } from '@/api/endpoints/accounts';
import { handleError } from '@/features/apiErrors';
import { SendCodeButton, type FormMessage } from '@/ui/form';
import { showToast } from '@/ui/notices';

interface SmsCodeButtonProps {
  /** The request to send; null while the number (or the captcha) is missing. */
  request: SmsRequestPayload | null;
  /** Why there is no request yet (shown under the button); null when there is one. */
  blocked: FormMessage | null;
  onSent?: () => void;
}

/** Sends an SMS code (POST /wps/verification/sms/noLogin) and counts down until a resend is allowed. */
export function SmsCodeButton({ request, blocked, onSent }: SmsCodeButtonProps) {
  const send = async () => {
    if (!request) throw new Error('no request');
    try {
      const result = await requestSmsCode(request);
      showToast('sms-code-sent', { key: 'auth_code_sent' });
      onSent?.();
      return result;
    } catch (error) {
      if (error instanceof WpsError) handleError(error);
      throw error;
    }
  };
  return (
    <SendCodeButton
      send={send}
      blocked={request ? null : (blocked ?? { key: 'auth_send_code_need_mobile' })}
    />
  );
}
