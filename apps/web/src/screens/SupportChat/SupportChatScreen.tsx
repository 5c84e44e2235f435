import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { safeGoTarget } from '@/lib/navigation';
import { useSearchParams } from '@/platform/router';
import { AwayNotice } from './components/AwayNotice';
import { ChatComposer } from './components/ChatComposer';
import { ChatMessages } from './components/ChatMessages';
import { useClosedSiteExit } from './hooks/useClosedSiteExit';
import { useSupportChat } from './hooks/useSupportChat';
import './supportChat.css';

/** The longest title taken from the address (CBS_launchChat's `title`). */
const TITLE_MAX_LENGTH = 60;

/**
 * /m/supportChat: the live chat with the merchant's support team (CBS_launchChat: `title`, `backUrl`
 * an in-app path only, `language`), for a member or a visitor.
 */
export function SupportChatScreen() {
  const { t } = useT();
  const [params] = useSearchParams();
  const { chat, client } = useSupportChat();
  useClosedSiteExit();
  const title = params.get('title')?.trim().slice(0, TITLE_MAX_LENGTH) || t('page_support_chat');
  const back = safeGoTarget(params.get('backUrl')) ?? AppPath.home;
  const statusText = {
    connecting: t('chat_status_connecting'),
    online: t('chat_status_online'),
    offline: t('chat_status_offline'),
  }[chat.status];
  return (
    <section className="chat-screen" aria-labelledby="screen-title">
      <header className="chat-header">
        <AppLink to={back} className="chat-back">
          {t('chat_back')}
        </AppLink>
        <h1 id="screen-title" className="screen-title">
          {title}
        </h1>
        <p className={`chat-status chat-status-${chat.status}`} role="status" data-testid="chat-status">
          {statusText}
        </p>
      </header>
      {!chat.availability.open && <AwayNotice nextOpenAt={chat.availability.nextOpenAt} />}
      <ChatMessages items={chat.items} agentTyping={chat.agentTyping} />
      <ChatComposer
        onSend={(text) => client.send(text)}
        onTyping={(on) => client.typing(on)}
        onImage={(file) => client.sendImage(file)}
      />
    </section>
  );
}
