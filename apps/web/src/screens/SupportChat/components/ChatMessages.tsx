import { LOCALE_MAP } from '@wps/contract/languages';
import { useEffect, useRef } from 'react';
import { attachmentUrl, type ChatItem } from '@/features/supportChat';
import { useT } from '@/i18n/I18nProvider';

function useTimeText(): (iso: string) => string {
  const { language } = useT();
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? ''
      : new Intl.DateTimeFormat(LOCALE_MAP[language], { timeStyle: 'short' }).format(date);
  };
}

/** The conversation, oldest first; the member's messages carry their state (sending, sent, delivered, read). */
export function ChatMessages({ items, agentTyping }: { items: readonly ChatItem[]; agentTyping: boolean }) {
  const { t } = useT();
  const timeText = useTimeText();
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [items.length, agentTyping]);
  const stateText = {
    pending: t('chat_state_pending'),
    sent: t('chat_state_sent'),
    delivered: t('chat_state_delivered'),
    read: t('chat_state_read'),
  };
  return (
    <ol className="chat-log" aria-label={t('chat_conversation')} aria-live="polite">
      {items.length === 0 && <li className="chat-empty">{t('chat_empty')}</li>}
      {items.map((item) => (
        <li key={item.key} className={`chat-message chat-${item.sender}`} data-testid="chat-message">
          {item.sender === 'agent' && (
            <span className="chat-author">{item.agentName ?? t('chat_agent')}</span>
          )}
          {item.attachmentId !== null && (
            <img
              className="chat-image"
              src={attachmentUrl(item.attachmentId)}
              alt={t('chat_image')}
              loading="lazy"
            />
          )}
          {item.body !== '' && <p className="chat-body">{item.body}</p>}
          <span className="chat-meta">
            {timeText(item.createdAt)}
            {item.sender === 'member' && (
              <span className={`chat-state chat-state-${item.state}`} data-testid="chat-state">
                {' · '}
                {stateText[item.state]}
              </span>
            )}
          </span>
        </li>
      ))}
      <li ref={end} className="chat-typing" aria-hidden={!agentTyping}>
        {agentTyping ? t('chat_agent_typing') : ''}
      </li>
    </ol>
  );
}
