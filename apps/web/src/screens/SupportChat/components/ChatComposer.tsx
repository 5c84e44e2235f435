import { CHAT_MESSAGE_MAX_LENGTH } from '@wps/contract/chat';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_IMAGE_TYPES } from '@/features/supportChat';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';

const IMAGE_ERRORS: Record<'type' | 'size' | 'failed', MessageKey> = {
  type: 'chat_image_type',
  size: 'chat_image_size',
  failed: 'chat_image_failed',
};

/** Typing pauses this long before "stopped typing" is sent. */
const TYPING_IDLE_MS = 2_000;

/** The message field and Send; Enter sends, Shift+Enter is a new line. */
export function ChatComposer({
  onSend,
  onTyping,
  onImage,
}: {
  onSend: (text: string) => boolean;
  onTyping: (on: boolean) => void;
  onImage: (file: File) => Promise<'sent' | 'type' | 'size' | 'failed'>;
}) {
  const { t } = useT();
  const [text, setText] = useState('');
  const [imageError, setImageError] = useState<MessageKey | null>(null);
  const pickImage = async (file: File | undefined) => {
    if (file === undefined) return;
    setImageError(null);
    const result = await onImage(file);
    if (result !== 'sent') setImageError(IMAGE_ERRORS[result]);
  };
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
      <label className="chat-attach button">
        {t('chat_attach_image')}
        <input
          type="file"
          accept={CHAT_IMAGE_TYPES.join(',')}
          className="chat-file-input"
          onChange={(event) => {
            void pickImage(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
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
      {imageError !== null && (
        <p className="chat-image-error" role="alert">
          {t(imageError)}
        </p>
      )}
    </form>
  );
}
