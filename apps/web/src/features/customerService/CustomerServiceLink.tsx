import type { CheckedCustomerServiceEntry } from '@wps/contract/customerService';
import type { MouseEvent, ReactNode } from 'react';
import { AppLink, navigateTo } from '@/features/navigation';
import { openThirdPartyChat } from '@/features/supportChat';
import { useT } from '@/i18n/I18nProvider';
import { chatAddress, chatBackUrl, localChatAddress } from './launchChat';

interface Props {
  entry: CheckedCustomerServiceEntry;
  /** Where the chat's back link returns (an in-app path; anything else is dropped). */
  backUrl: string | null;
  className?: string;
  /** The accessible name when the content is an icon. */
  label?: string;
  children: ReactNode;
}

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One customer-service entry as a link: the built-in chat (CHAT) opens through CBS_launchChat, an
 * http(s) address in a new tab, an in-app path in the app. A merchant's third-party chat widget on
 * the page opens instead, when there is one (asked at the tap: it may be there before its check).
 */
export function CustomerServiceLink({ entry, backUrl, className, label, children }: Props) {
  const { language } = useT();
  const openWidget = (event: MouseEvent) => {
    if (openThirdPartyChat()) {
      event.preventDefault();
      return true;
    }
    return false;
  };

  if (entry.csType === 'CHAT') {
    const back = chatBackUrl(backUrl);
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!plainClick(event) || openWidget(event)) return;
      event.preventDefault();
      void chatAddress(entry, { backUrl: back ?? null, language }).then((address) => navigateTo(address));
    };
    return (
      <a href={localChatAddress(entry, back)} className={className} aria-label={label} onClick={onClick}>
        {children}
      </a>
    );
  }
  if (entry.path.startsWith('/m/')) {
    return (
      <AppLink to={entry.path} className={className} aria-label={label} onClick={openWidget}>
        {children}
      </AppLink>
    );
  }
  const external = !entry.path.startsWith('/');
  return (
    <a
      href={entry.path}
      className={className}
      aria-label={label}
      onClick={openWidget}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
