import { CHAT_MESSAGE_MAX_LENGTH } from '@wps/contract';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '@/i18n/I18nProvider';

/** Typing pauses this long before "stopped typing" is sent. */
const TYPING_IDLE_MS = 2_000;

/** The message field and Send; Enter sends, Shift+Enter is a new line. */
export function ChatComposer({
  onSend,
  onTyping,
}: {
  onSend: (text: string) => boolean;
  onTyping: (on: boolean) => void;
}) {
  const { t } = useT();
  const [text, setText] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTyping = () => {
    if (typing.current === null) return;
    clearTimeout(typing.current);
    typing.current = null;
    onTyping(false);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (onSend(text)) {
      setText('');
      stopTyping();
    }
  };
  const change = (value: string) => {
    setText(value);
    if (typing.current === null) onTyping(true);
    else clearTimeout(typing.current);
    typing.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit();
  };
  return (
    <form className="chat-composer" onSubmit={submit}>
      <textarea
        className="chat-input"
        value={text}
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        aria-label={t('chat_message_label')}
        placeholder={t('chat_message_placeholder')}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
      />
      <button type="submit" className="button button-primary" disabled={text.trim() === ''}>
        {t('chat_send')}
      </button>
    </form>
  );
}
