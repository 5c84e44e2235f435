import { RECOVERY_CODE_PATTERN, type SecurityStatus, type TotpSetup } from '@wps/contract/memberArea';
import { useState } from 'react';
import { confirmTotp, disableTotp, setUpTotp } from '@/api/endpoints/memberArea';
import { useT } from '@/i18n/I18nProvider';
import { securityErrorKey, updateSecurity } from '@/screens/MemberSettings/hooks/useSecurity';
import { CodeInput } from './CodeInput';
import { CopyText } from './CopyText';
import { QrCode } from '@/ui/QrCode';

type Step =
  | { name: 'idle' }
  | { name: 'setup'; setup: TotpSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' };

/**
 * Second factor by authenticator app: set up (the server's secret as a QR code of its otpauth URI and
 * as text), confirm with the app's code, then the recovery codes, shown this once; or turn it off with
 * a code.
 */
export function AuthenticatorSection({ status }: { status: SecurityStatus }) {
  const { t } = useT();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [byRecovery, setByRecovery] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(t(securityErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };
  const begin = () =>
    run(async () => {
      const setup = await setUpTotp();
      setCode('');
      setStep({ name: 'setup', setup });
    });
  const withCode = (action: () => Promise<void>) => {
    if (/^[0-9]{6}$/.test(code)) return run(action);
    setError(t('auth_code_invalid'));
    return Promise.resolve();
  };
  const confirm = () =>
    withCode(async () => {
      const { recoveryCodes } = await confirmTotp(code);
      updateSecurity((current) => ({
        ...current,
        authenticator: true,
        recoveryCodesLeft: recoveryCodes.length,
      }));
      setStep({ name: 'codes', codes: recoveryCodes });
    });
  const turnOff = () => {
    if (byRecovery) {
      if (!RECOVERY_CODE_PATTERN.test(code)) {
        setError(t('auth_code_invalid'));
        return Promise.resolve();
      }
      return run(turnOffNow);
    }
    return withCode(turnOffNow);
  };
  const turnOffNow = async () => {
    await disableTotp(code);
    updateSecurity((current) => ({ ...current, authenticator: false, recoveryCodesLeft: 0 }));
    setStep({ name: 'idle' });
  };

  return (
    <section className="settings-card" aria-labelledby="settings-totp">
      <h2 id="settings-totp" className="settings-title">
        {t('security_authenticator')}
      </h2>
      <p className="settings-state" data-testid="totp-state">
        {status.authenticator ? t('security_on') : t('security_off')}
        {status.authenticator && step.name !== 'codes'
          ? ` · ${t('security_recovery_left', { count: status.recoveryCodesLeft })}`
          : ''}
      </p>
      {step.name === 'idle' && !status.authenticator && (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void begin()}>
          {t('security_set_up')}
        </button>
      )}
      {step.name === 'idle' && status.authenticator && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setCode('');
            setError(null);
            setStep({ name: 'disable' });
          }}
        >
          {t('security_turn_off')}
        </button>
      )}
      {step.name === 'setup' && (
        <div className="settings-steps">
          <p>{t('security_scan_qr')}</p>
          <QrCode text={step.setup.uri} label={t('security_qr_label')} />
          <CopyText text={step.setup.secret} label={t('security_secret_key')} testId="totp-secret" />
          <CodeInput
            label={t('two_factor_ga')}
            value={code}
            onChange={setCode}
            onSubmit={() => void confirm()}
            submitLabel={t('confirm')}
            busy={busy}
            error={error}
          />
        </div>
      )}
      {step.name === 'codes' && (
        <div className="settings-steps" data-testid="recovery-codes">
          <h3 className="settings-subtitle">{t('security_recovery_title')}</h3>
          <p>{t('security_recovery_hint')}</p>
          <CopyText text={step.codes.join('\n')} label={t('security_recovery_title')} />
          <button type="button" className="button button-primary" onClick={() => setStep({ name: 'idle' })}>
            {t('security_done')}
          </button>
        </div>
      )}
      {step.name === 'disable' && (
        <div className="settings-steps">
          <CodeInput
            key={byRecovery ? 'recovery' : 'ga'}
            label={t(byRecovery ? 'two_factor_recovery' : 'two_factor_ga')}
            value={code}
            onChange={setCode}
            onSubmit={() => void turnOff()}
            submitLabel={t('security_turn_off')}
            busy={busy}
            error={error}
            recovery={byRecovery}
          />
          {/* The phone lost: one of the recovery codes turns the authenticator off instead. */}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setByRecovery(!byRecovery);
              setCode('');
            }}
          >
            {t(byRecovery ? 'two_factor_ga' : 'two_factor_recovery')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setStep({ name: 'idle' })}>
            {t('cancel')}
          </button>
        </div>
      )}
      {step.name === 'idle' && error !== null && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
