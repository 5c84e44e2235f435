import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { securityQuery } from '@/screens/MemberSettings/hooks/useSecurity';
import { AuthenticatorSection } from './AuthenticatorSection';
import { CodeFactorSection } from './CodeFactorSection';

/** Two-step verification: the authenticator app, codes by email, codes by SMS. */
export function TwoStepSection() {
  const { t } = useT();
  const security = useQuery(securityQuery);
  return (
    <>
      <h2 className="settings-group-title">{t('two_factor_title')}</h2>
      {security.status === 'loading' && !security.data && <Loading />}
      {security.status === 'failed' && !security.data && (
        <div className="settings-card" role="alert">
          <p>{t('security_load_failed')}</p>
          <button type="button" className="button button-primary" onClick={security.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {security.data && (
        <>
          <AuthenticatorSection status={security.data} />
          <CodeFactorSection method="email" status={security.data} />
          <CodeFactorSection method="sms" status={security.data} />
        </>
      )}
    </>
  );
}
