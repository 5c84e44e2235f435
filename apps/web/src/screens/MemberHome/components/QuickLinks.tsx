import { AppPath } from '@wps/contract/routes';
import { useMemberInfo } from '@/features/member';
import { AppLink } from '@/features/navigation';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { openThirdPartyChat, thirdPartyChatStatus } from '@/features/supportChat';
import { CustomerServiceLink, useCustomerServiceEntry } from '@/features/customerService';

/**
 * Every screen of the product that the bottom navigation does not reach: deposit, withdraw and
 * transactions,
 * promotions, invite friends
 * (for an agent also the agent page, member types 1 and 2), news, download, feedback, settings and
 * security, and customer service (the merchant's link).
 */
const LINKS: readonly { to: string; label: MessageKey }[] = [
  { to: AppPath.deposit, label: 'page_deposit' },
  { to: AppPath.withdraw, label: 'page_withdraw' },
  { to: AppPath.transactions, label: 'page_transactions' },
  { to: AppPath.activity, label: 'page_activity' },
  { to: AppPath.inviteFriends, label: 'page_invite_friends' },
  { to: AppPath.news, label: 'page_news' },
  { to: AppPath.download, label: 'member_download_app' },
  { to: AppPath.feedback, label: 'page_feedback' },
  { to: AppPath.memberSettings, label: 'page_member_settings' },
  { to: AppPath.responsibleGaming, label: 'page_responsible_gaming' },
];

export function QuickLinks() {
  const { t } = useT();
  // The merchant's entry placed on the member home for this member's VIP label (issue 16).
  const support = useCustomerServiceEntry('HOME');
  // A merchant's third-party chat widget on the page (issue 16): customer service opens it.
  const widget = thirdPartyChatStatus.use() === 'ready';
  const type = useMemberInfo()?.type;
  const links =
    type === 1 || type === 2
      ? [
          ...LINKS.slice(0, 5),
          { to: AppPath.agentRegister, label: 'page_agent_register' as const },
          ...LINKS.slice(5),
        ]
      : LINKS;
  return (
    <nav className="member-card" aria-labelledby="member-links">
      <h2 id="member-links" className="member-section-title">
        {t('member_quick_links')}
      </h2>
      <ul className="member-links">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="member-link">
              {t(link.label)}
            </AppLink>
          </li>
        ))}
        {support && (
          <li>
            {/* The chat (through CBS_launchChat, back to here), an in-app page or a new tab. */}
            <CustomerServiceLink entry={support} backUrl={AppPath.memberHome} className="member-link">
              {t('member_support')}
            </CustomerServiceLink>
          </li>
        )}
        {!support && widget && (
          <li>
            <button type="button" className="member-link" onClick={() => openThirdPartyChat()}>
              {t('member_support')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
