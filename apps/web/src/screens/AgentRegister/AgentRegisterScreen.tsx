import { AppPath } from '@wps/contract/routes';
import { isAgentType, ReferralErrorCode } from '@wps/contract/referral';
import { useEffect, useState } from 'react';
import { WpsError } from '@/api/client';
import { useAppNavigate, AppLink } from '@/features/navigation';
import { memberInfoQuery } from '@/features/member';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { showToast } from '@/ui/notices';
import { ShareLink } from '@/ui/ShareLink';
import { SubAccountList } from './components/SubAccountList';
import { SubMemberForm } from './components/SubMemberForm';
import { downlineLink, useAgentInfo } from './hooks/useAgent';
import '@/ui/form/form.css';

const siteOrigin = () => (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * /m/agentRegister (member types 1 and 2; spec sections 2 and 6): the agent's downline registration
 * link and its QR code, the sub-accounts registered under it, and a form to create a sub-member. A
 * player is sent to the member page with a notice; the server refuses the calls to anyone but an agent.
 */
export function AgentRegisterScreen() {
  const { t } = useT();
  const navigate = useAppNavigate();
  const member = useQuery(memberInfoQuery);
  const type = member.data?.type;
  const agent = type !== undefined && isAgentType(type);
  const [version, setVersion] = useState(0);
  const info = useAgentInfo(agent, version);
  const refused =
    (type !== undefined && !agent) ||
    (info.status === 'failed' &&
      info.error instanceof WpsError &&
      info.error.errorCode === ReferralErrorCode.AGENT_ONLY);
  useEffect(() => {
    if (!refused) return;
    showToast('agent-only', { key: 'agent_only_notice' }, 5000);
    navigate(AppPath.memberHome);
  }, [refused, navigate]);

  const memberFailed = member.status === 'failed' && type === undefined;
  return (
    <section aria-labelledby="screen-title" className="share-screen">
      <h1 id="screen-title" className="screen-title">
        {t('page_agent_register')}
      </h1>
      {memberFailed && (
        <div className="share-state" role="alert">
          <p>{t('agent_error')}</p>
          <button type="button" className="button button-primary" onClick={member.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {!memberFailed && (!agent || refused) && <Loading />}
      {agent && !refused && (
        <AgentArea info={info} version={version} onCreated={() => setVersion((current) => current + 1)} />
      )}
    </section>
  );
}

/** The agent's own part: the downline link and QR code, the sub-member form, the sub-accounts. */
function AgentArea({
  info,
  version,
  onCreated,
}: {
  info: ReturnType<typeof useAgentInfo>;
  version: number;
  onCreated: () => void;
}) {
  const { t } = useT();
  return (
    <>
      {info.status === 'failed' && (
        <div className="share-state" role="alert">
          <p>{t('agent_error')}</p>
          <button type="button" className="button button-primary" onClick={info.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {(info.status === 'loading' || info.status === 'idle') && <Loading />}
      {info.status === 'ready' && (
        <section className="share-card" aria-labelledby="agent-link-title">
          <h2 id="agent-link-title" className="share-card-title">
            {t('agent_link_title')}
          </h2>
          <p>{t('agent_link_hint')}</p>
          <p className="share-code">
            {t('referral_code_label')} <strong data-testid="agent-code">{info.data.referralCode}</strong>
          </p>
          <ShareLink
            url={downlineLink(info.data.referralCode, siteOrigin())}
            title={t('agent_link_title')}
            text={t('agent_share_text')}
            qrLabel={t('agent_qr_label')}
            testId="agent-link"
          />
        </section>
      )}
      <SubMemberForm onCreated={onCreated} />
      <SubAccountList version={version} />
      <p className="share-back">
        <AppLink to={AppPath.memberHome}>{t('page_member_home')}</AppLink>
      </p>
    </>
  );
}
