import { AppPath } from '@wps/contract';
import type { MouseEvent } from 'react';
import { useMemberInfo } from '@/features/auth/memberData';
import { AppLink } from '@/features/navigation/AppLink';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { openThirdPartyChat, thirdPartyChatStatus } from '@/features/supportChat/thirdPartyChat';
import { useSupportLink } from '@/screens/MemberHome/hooks/useSupportLink';

/**
 * Every screen of the product that the bottom navigation does not reach: promotions, invite friends
 * (for an agent also the agent page, member types 1 and 2), news, download, feedback, settings and
 * security, and customer service (the merchant's link).
 */
const LINKS: readonly { to: string; label: MessageKey }[] = [
  { to: AppPath.activity, label: 'page_activity' },
  { to: AppPath.inviteFriends, label: 'page_invite_friends' },
  { to: AppPath.news, label: 'page_news' },
  { to: AppPath.download, label: 'member_download_app' },
  { to: AppPath.feedback, label: 'page_feedback' },
  { to: AppPath.memberSettings, label: 'page_member_settings' },
];

/** The chat's `backUrl` (CBS_launchChat) is the member home unless the entry names one. */
function withBackUrl(path: string): string {
  if (!path.startsWith(AppPath.supportChat) || /[?&]backUrl=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}backUrl=${encodeURIComponent(AppPath.memberHome)}`;
}

export function QuickLinks() {
  const { t } = useT();
  const support = useSupportLink();
  // A merchant's third-party chat widget on the page (issue 16): customer service opens it.
  const widget = thirdPartyChatStatus.use() === 'ready';
  // Asked at the tap, not from the status: the widget may be there before its 1 s check.
  const openWidget = (event: MouseEvent) => {
    if (openThirdPartyChat()) event.preventDefault();
  };
  const type = useMemberInfo()?.type;
  const links =
    type === 1 || type === 2
      ? [
          ...LINKS.slice(0, 2),
          { to: AppPath.agentRegister, label: 'page_agent_register' as const },
          ...LINKS.slice(2),
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
            {support.startsWith('/') ? (
              // The product's own chat (or another in-app page): in the app, with a way back here.
              <AppLink to={withBackUrl(support)} className="member-link" onClick={openWidget}>
                {t('member_support')}
              </AppLink>
            ) : (
              <a
                className="member-link"
                href={support}
                target="_blank"
                rel="noopener noreferrer"
                onClick={openWidget}
              >
                {t('member_support')}
              </a>
            )}
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
