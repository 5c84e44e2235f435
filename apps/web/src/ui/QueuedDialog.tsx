import { useId, useRef } from 'react';
import { Modal } from './Modal';
import { dialogQueue } from './notices';
import { useNoticeText } from './NoticeText';
import './dialog.css';

/** The oldest queued alert or confirmation as a modal; the rest wait their turn (see DialogHost). */
export function QueuedDialog() {
  const queue = dialogQueue.use();
  const current = queue[0];
  const text = useNoticeText();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  if (!current) return null;

  return (
    <Modal
      key={current.id}
      role={current.kind === 'alert' ? 'alertdialog' : 'dialog'}
      title={text(current.title)}
      titleClassName="dialog-title"
      describedBy={messageId}
      // Escape and the × acknowledge an alert and cancel a confirmation; a blocking one has neither.
      {...(current.blocking ? {} : { onClose: () => current.resolve(current.kind === 'alert') })}
      initialFocus={confirmRef}
      className="dialog-panel"
      backdropClassName="dialog-backdrop"
    >
      <p id={messageId} className="dialog-message">
        {text(current.message)}
      </p>
      {current.details?.paragraphs?.map((paragraph, index) => (
        <p key={index} className="dialog-message">
          {text(paragraph)}
        </p>
      ))}
      {current.details?.links && current.details.links.length > 0 && (
        <>
          {current.details.linksTitle && (
            <h3 className="dialog-links-title">{text(current.details.linksTitle)}</h3>
          )}
          <ul className="dialog-links">
            {current.details.links.map((link) => (
              <li key={link.href + link.text}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {current.link && (
        <p className="dialog-message">
          <a href={current.link.href} target="_blank" rel="noopener">
            {text(current.link.label)}
          </a>
        </p>
      )}
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
    </Modal>
  );
}
