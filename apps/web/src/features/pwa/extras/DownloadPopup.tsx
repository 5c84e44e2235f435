import { useEffect, useId, useReducer, useRef } from 'react';
import { HOME_SCREEN_POPUP } from '@wps/contract/constants';
import { useT } from '@/i18n/I18nProvider';
import { isModalOpen, Modal } from '@/ui/Modal';
import { waitForOfferTurn } from '@/ui/offerTurn';
import {
  CLOSE_A2HS_EVENT,
  type PopupEvent,
  type PopupPhase,
  nextPopupPhase,
} from '@/features/pwa/downloadRules';

/**
 * The home-screen popup and download popup of spec sections 2 and 4: a bottom sheet offering to add
 * the site to the home screen (Cancel / Agree). Hidden, shown 1 s after it is mounted (and no other
 * dialog is open), closed with a
 * 250 ms animation; the global `closeA2HS` event closes it too. `onDone` runs once it is gone, with
 * whether the member agreed.
 */
export function DownloadPopup({ onDone }: { onDone: (agreed: boolean) => void }) {
  const { t } = useT();
  const messageId = useId();
  const [phase, dispatch] = useReducer(
    (current: PopupPhase, event: PopupEvent) => nextPopupPhase(current, event),
    'hidden',
  );
  const agreed = useRef(false);
  const releaseTurn = useRef<() => void>(() => undefined);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    // Its turn among what opens by itself (the lobby's popup announcement comes first; never over a
    // task), then shown 1 s later if no dialog opened meanwhile.
    let timer: number | undefined;
    const leave = new AbortController();
    const arm = () => {
      waitForOfferTurn(leave.signal).then(
        (release) => {
          releaseTurn.current = release;
          timer = window.setTimeout(() => {
            if (isModalOpen()) {
              release();
              arm();
            } else dispatch('delayElapsed');
          }, HOME_SCREEN_POPUP.showAfterMs);
        },
        () => undefined,
      );
    };
    arm();
    const close = () => dispatch('close');
    window.addEventListener(CLOSE_A2HS_EVENT, close);
    return () => {
      leave.abort();
      releaseTurn.current();
      window.clearTimeout(timer);
      window.removeEventListener(CLOSE_A2HS_EVENT, close);
    };
  }, []);
  useEffect(() => {
    if (phase === 'closing') {
      const timer = window.setTimeout(() => dispatch('animationDone'), HOME_SCREEN_POPUP.animationMs);
      return () => window.clearTimeout(timer);
    }
    if (phase === 'closed') {
      releaseTurn.current();
      done.current(agreed.current);
    }
    return undefined;
  }, [phase]);

  if (phase === 'hidden' || phase === 'closed') return null;
  const answer = (agree: boolean) => {
    agreed.current = agree;
    dispatch('close');
  };
  return (
    <Modal
      title={t('a2hs_title')}
      describedBy={messageId}
      onClose={() => answer(false)}
      variant="sheet"
      className={`modal-panel download-popup${phase === 'closing' ? ' download-popup-closing' : ''}`}
    >
      <p id={messageId}>{t('a2hs_msg')}</p>
      <div className="download-popup-actions">
        <button type="button" className="button button-ghost" onClick={() => answer(false)}>
          {t('cancel')}
        </button>
        <button type="button" className="button button-accent" onClick={() => answer(true)}>
          {t('agree')}
        </button>
      </div>
    </Modal>
  );
}
