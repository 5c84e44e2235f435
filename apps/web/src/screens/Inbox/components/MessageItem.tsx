import type { MemberMessage } from '@wps/contract/memberArea';
import { useId, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';

interface Props {
  message: MemberMessage;
  read: boolean;
  dateText: string;
  onOpen: (message: MemberMessage) => void;
}

/** One message: its title and date; opening it shows the text and marks it read. */
export function MessageItem({ message, read, dateText, onOpen }: Props) {
  const { t } = useT();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const toggle = () => {
    if (!open) onOpen(message);
    setOpen(!open);
  };
  return (
    <li className={read ? 'inbox-item' : 'inbox-item inbox-item-unread'} data-testid="inbox-item">
      <button
        type="button"
        className="inbox-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={toggle}
      >
        <span className="inbox-title">{message.title}</span>
        <span className="inbox-meta">
          {!read && <span className="inbox-unread-mark">{t('inbox_unread')}</span>}
          <time dateTime={message.createdAt}>{dateText}</time>
        </span>
      </button>
      <div id={bodyId} className="inbox-body" hidden={!open}>
        <p>{message.body}</p>
      </div>
    </li>
  );
}
