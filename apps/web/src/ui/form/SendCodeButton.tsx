import { useEffect, useId, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import type { FormMessage } from '@/ui/form/formRules';

interface SendCodeButtonProps {
  /** Sends the code; resolves with the seconds before another may be asked for, rejects when refused. */
  send: () => Promise<{ resendAfter: number }>;
  /** Why the code cannot be sent yet (no number, a number to correct, the captcha); null: it can. */
  blocked: FormMessage | null;
  /** The button's class (default: the secondary button). */
  className?: string;
  /** The button's text when it may be pressed (default: "Send code"). */
  label?: string;
}

/**
 * The "Send code" button of every code form: counts down until a resend is allowed, and whenever it
 * is off says why in a line under it, tied to it with aria-describedby (a disabled button alone
 * tells a person nothing). The line is the button's sibling: in a row (`.auth-field-row`) it wraps
 * onto a line of its own (form.css).
 */
export function SendCodeButton({ send, blocked, className, label }: SendCodeButtonProps) {
  const { t } = useT();
  const id = useId();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const press = async () => {
    if (blocked !== null || sending || remaining > 0) return;
    setSending(true);
    try {
      const result = await send();
      setRemaining(Math.max(1, Math.ceil(result.resendAfter)));
    } catch {
      // The caller showed the refusal; the button may be pressed again.
    } finally {
      setSending(false);
    }
  };

  const reason =
    remaining > 0
      ? t('auth_send_code_wait', { seconds: remaining })
      : sending || blocked === null
        ? null
        : t(blocked.key, blocked.params);
  const reasonId = `${id}-reason`;
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button-secondary'}
        disabled={blocked !== null || sending || remaining > 0}
        aria-describedby={reason === null ? undefined : reasonId}
        onClick={() => void press()}
      >
        {remaining > 0 ? t('auth_resend_in', { seconds: remaining }) : (label ?? t('auth_send_code'))}
      </button>
      {reason !== null && (
        <p id={reasonId} className="auth-hint send-code-reason">
          {reason}
        </p>
      )}
    </>
  );
}
