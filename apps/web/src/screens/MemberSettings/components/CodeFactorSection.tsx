import type { SecurityStatus } from '@wps/contract/memberArea';
import { useState } from 'react';
import { switchCodeFactor } from '@/api/endpoints/memberArea';
import { useT } from '@/i18n/I18nProvider';
import { securityErrorKey, updateSecurity } from '@/screens/MemberSettings/hooks/useSecurity';
import { CodeInput } from './CodeInput';

/**
 * Second factor by email or SMS: turning it on or off sends a code to the member's own address or
 * number, and the code switches it. Unavailable until an address or number is on the account (and
 * so verified: ContactSection above adds one).
 */
export function CodeFactorSection({ method, status }: { method: 'email' | 'sms'; status: SecurityStatus }) {
  const { t } = useT();
  const factor = status[method];
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enable = !factor.enabled;
  const titleId = `settings-${method}`;

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await switchCodeFactor({ method, enable, code: '' });
      setCode('');
      setSentTo(factor.destination ?? '');
    } catch (caught) {
      setError(t(securityErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!/^[0-9]{6}$/.test(code)) {
      setError(t('auth_code_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await switchCodeFactor({ method, enable, code });
      updateSecurity((current) => ({ ...current, [method]: { ...current[method], enabled: enable } }));
      setSentTo(null);
    } catch (caught) {
      setError(t(securityErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-title">
        {t(method === 'email' ? 'security_email_codes' : 'security_sms_codes')}
      </h2>
      <p className="settings-state" data-testid={`${method}-state`}>
        {factor.enabled ? t('security_on') : t('security_off')}
        {factor.destination ? ` · ${factor.destination}` : ''}
      </p>
      {factor.destination === null ? (
        <p className="auth-hint">
          {t(method === 'email' ? 'security_needs_email' : 'security_needs_mobile')}
        </p>
      ) : sentTo === null ? (
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void send()}>
          {enable ? t('security_turn_on') : t('security_turn_off')}
        </button>
      ) : (
        <div className="settings-steps">
          <p role="status">{t('two_factor_sent_to', { destination: sentTo })}</p>
          <CodeInput
            label={t('verification_code')}
            value={code}
            onChange={setCode}
            onSubmit={() => void confirm()}
            submitLabel={enable ? t('security_turn_on') : t('security_turn_off')}
            busy={busy}
            error={error}
          />
        </div>
      )}
      {sentTo === null && error !== null && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
