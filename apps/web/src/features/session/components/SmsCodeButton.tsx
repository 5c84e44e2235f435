import type { SmsRequestPayload } from '@wps/contract/schemas/accounts';
import { useEffect, useState } from 'react';
import { WpsError } from '@/api/client';
import { requestSmsCode } from '@/api/endpoints/accounts';
import { handleError } from '@/features/apiErrors';
import { useT } from '@/i18n/I18nProvider';
import { showToast } from '@/ui/notices';

interface SmsCodeButtonProps {
  /** The request to send; null while the number (or the captcha) is missing. */
  request: SmsRequestPayload | null;
  onSent?: () => void;
}

/** Sends an SMS code (POST /wps/verification/sms/noLogin) and counts down until a resend is allowed. */
export function SmsCodeButton({ request, onSent }: SmsCodeButtonProps) {
  const { t } = useT();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    if (!request || sending || remaining > 0) return;
    setSending(true);
    try {
      const result = await requestSmsCode(request);
      setRemaining(Math.max(1, Math.ceil(result.resendAfter)));
      showToast('sms-code-sent', { key: 'auth_code_sent' });
      onSent?.();
    } catch (error) {
      if (error instanceof WpsError) handleError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={!request || sending || remaining > 0}
      onClick={() => void send()}
    >
      {remaining > 0 ? t('auth_resend_in', { seconds: remaining }) : t('auth_send_code')}
    </button>
  );
}
