import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/I18nProvider';
import type { GameOpener } from './useOpenGame';
import '../../ui/dialog.css';

/** A visitor's choice on a free-play game: try it for free, or log in to play for real. */
export function OpenGameDialog({ opener }: { opener: GameOpener }) {
  const { t } = useT();
  const titleId = useId();
  const messageId = useId();
  const tryRef = useRef<HTMLButtonElement>(null);
  const { choice, trialBusy, tryForFree, logIn, closeChoice } = opener;

  useEffect(() => {
    if (!choice) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    tryRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, [choice]);

  if (!choice) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeChoice();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the dialog while it is open.
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {choice.displayName ?? t('game_free_play')}
        </h2>
        <p id={messageId} className="dialog-message">
          {t('game_free_play_prompt')}
        </p>
        <div className="dialog-actions game-choice-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={closeChoice}
            disabled={trialBusy}
          >
            {t('cancel')}
          </button>
          <button type="button" className="button button-ghost" onClick={logIn} disabled={trialBusy}>
            {t('game_log_in_to_play')}
          </button>
          <button
            ref={tryRef}
            type="button"
            className="button button-primary"
            onClick={tryForFree}
            disabled={trialBusy}
            aria-busy={trialBusy}
          >
            {trialBusy ? t('loading') : t('game_try_free')}
          </button>
        </div>
      </div>
    </div>
  );
}
