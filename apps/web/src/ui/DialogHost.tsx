import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { dialogQueue } from './notices';
import { useNoticeText } from './NoticeText';
import './dialog.css';

/** Renders the oldest queued alert or confirmation as a modal; the rest wait their turn. */
export function DialogHost() {
  const queue = dialogQueue.use();
  const current = queue[0];
  const text = useNoticeText();
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!current) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, [current]);

  if (!current) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      current.resolve(current.kind === 'alert');
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the dialog while it is open.
    const buttons = panelRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!buttons || buttons.length === 0) return;
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={panelRef}
        className="dialog-panel"
        role={current.kind === 'alert' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {text(current.title)}
        </h2>
        <p id={messageId} className="dialog-message">
          {text(current.message)}
        </p>
        <div className="dialog-actions">
          {current.kind === 'confirm' && (
            <button type="button" className="button button-secondary" onClick={() => current.resolve(false)}>
              {text(current.cancelLabel)}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className="button button-primary"
            onClick={() => current.resolve(true)}
          >
            {text(current.confirmLabel)}
          </button>
        </div>
      </div>
    </div>
  );
}
