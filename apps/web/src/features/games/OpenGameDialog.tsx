import { useId, useRef } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import type { GameOpener } from './useOpenGame';
import '@/ui/dialog.css';

/** A visitor's choice on a free-play game: try it for free, or log in to play for real. */
export function OpenGameDialog({ opener }: { opener: GameOpener }) {
  const { t } = useT();
  const messageId = useId();
  const tryRef = useRef<HTMLButtonElement>(null);
  const { choice, trialBusy, tryForFree, logIn, closeChoice } = opener;

  if (!choice) return null;

  return (
    <Modal
      title={choice.displayName ?? t('game_free_play')}
      titleClassName="dialog-title"
      describedBy={messageId}
      onClose={closeChoice}
      initialFocus={tryRef}
      className="dialog-panel"
      backdropClassName="dialog-backdrop"
    >
      <p id={messageId} className="dialog-message">
        {t('game_free_play_prompt')}
      </p>
      <div className="dialog-actions game-choice-actions">
        <button type="button" className="button button-secondary" onClick={closeChoice} disabled={trialBusy}>
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
    </Modal>
  );
}
