import type { AnnouncementPopup as PopupAnswer } from '@wps/contract/games';
import { startTransition, useEffect, useId, useState } from 'react';
import { fetchPopupAnnouncement } from '@/api/endpoints/game';
import { useT } from '@/i18n/I18nProvider';
import { localStore, sessionStore } from '@/platform/storage';
import { fetchQuery } from '@/queries/queryData';
import { useMerchantCode } from '@/state/merchant';
import { Carousel } from '@/ui/Carousel';
import { Modal } from '@/ui/Modal';
import { waitForOfferTurn } from '@/ui/offerTurn';
import { getToken } from '@/state/session';
import { LobbyPicture } from './LobbyPicture';
import {
  autoplayInterval,
  closeBlocker,
  closesOnBackdrop,
  forAudience,
  localDateKey,
  offersTodayCheckbox,
  popupHiddenOnKey,
  popupShownKey,
  secondsLeft,
  shouldShowPopup,
  showsCloseButton,
  waitMs,
} from './popupRules';
import './lobbyModal.css';
import './announcementPopup.css';

const COUNTDOWN_TICK_MS = 250;

/** Asked once per visit of the home (and per merchant), not again on a login or on tab return. */
const popupQuery = { key: ['popupAnnouncement'], load: fetchPopupAnnouncement };

/**
 * The popup announcement of the home page (spec sections 2 and 3): fetched once per visit of the
 * home, shown when the rules of popupRules.ts say so, with every option of the answer honoured.
 * Content is plain text, never HTML.
 */
export function AnnouncementPopup() {
  const merchant = useMerchantCode() ?? '';
  const [shown, setShown] = useState<{ popup: PopupAnswer; release: () => void } | null>(null);

  useEffect(() => {
    const leave = new AbortController();
    void fetchQuery(popupQuery)
      .then(async (answer) => {
        const popup = forAudience(answer, Boolean(getToken()));
        const memory = {
          shownThisSession: sessionStore.getString(popupShownKey(merchant)) === '1',
          hiddenOn: localStore.getString(popupHiddenOnKey(merchant)),
          today: localDateKey(new Date()),
        };
        if (leave.signal.aborted || !shouldShowPopup(popup, memory)) return;
        // Its turn among what opens by itself (never over another dialog or a task).
        const release = await waitForOfferTurn(leave.signal);
        sessionStore.setString(popupShownKey(merchant), '1');
        // A transition: React renders the dialog (its pages, pictures and carousel) in slices that
        // yield to the browser, not in one task of ~50 ms at 4x CPU while the lobby is starting.
        startTransition(() => setShown({ popup, release }));
      })
      .catch(() => undefined); // no popup is the quiet failure; leaving the home leaves the queue
    return () => leave.abort();
  }, [merchant]);

  useEffect(() => () => shown?.release(), [shown]);

  if (shown === null) return null;
  const { popup } = shown;
  return (
    <PopupDialog
      popup={popup}
      onClose={(hideToday) => {
        if (hideToday && offersTodayCheckbox(popup)) {
          localStore.setString(popupHiddenOnKey(merchant), localDateKey(new Date()));
        }
        setShown(null);
      }}
    />
  );
}

interface PopupDialogProps {
  popup: PopupAnswer;
  onClose: (hideToday: boolean) => void;
}

export function PopupDialog({ popup, onClose }: PopupDialogProps) {
  const { t } = useT();
  const hintId = useId();
  const [elapsedMs, setElapsedMs] = useState(0);
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [hideToday, setHideToday] = useState(false);
  const wait = waitMs(popup);

  useEffect(() => {
    if (wait <= 0) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Date.now() - started;
      setElapsedMs(elapsed);
      if (elapsed >= wait) window.clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [wait]);

  const progress = { elapsedMs, pagesSeen: seen.size };
  const blocker = closeBlocker(popup, progress);
  const closable = blocker === null;
  const close = () => {
    if (closable) onClose(hideToday);
  };
  const interval = autoplayInterval(popup);
  const left = secondsLeft(popup, elapsedMs);

  return (
    // Its own Close button (showClose) is its visible close control, so no ×.
    <Modal
      title={t('lobby_popup_title')}
      titleClassName="lobby-modal-title"
      onClose={close}
      canClose={closable}
      closeButton={false}
      closeOnOutside={closesOnBackdrop(popup, progress)}
      initialFocus="panel"
      // It opens by itself while the lobby starts: focus moves in after its first frame.
      focusAfterPaint
      className="lobby-modal popup-announcement"
    >
      <Carousel
        items={popup.popupList}
        itemKey={(page) => page.id}
        label={t('lobby_popup_title')}
        autoplay={interval !== null}
        intervalMs={interval ?? undefined}
        dots={popup.showPagination}
        className="popup-pages"
        onIndexChange={(index) =>
          setSeen((previous) => (previous.has(index) ? previous : new Set([...previous, index])))
        }
        renderSlide={(page) => (
          <article className="popup-page">
            <h3 className="popup-page-title">{page.title}</h3>
            {page.imageBase && (
              <LobbyPicture imageBase={page.imageBase} alt="" className="popup-page-image" />
            )}
            <p className="lobby-plain-text">{page.content}</p>
          </article>
        )}
      />
      <div className="popup-footer">
        {offersTodayCheckbox(popup) && (
          <label className="popup-today">
            <input
              type="checkbox"
              checked={hideToday}
              onChange={(event) => setHideToday(event.currentTarget.checked)}
            />
            <span>{t('lobby_popup_today')}</span>
          </label>
        )}
        {/* Kept in the layout (invisible) whenever it may be needed, so the dialog never resizes. */}
        {popup.forceRead && popup.popupList.length > 1 && (
          <p
            id={hintId}
            className="popup-hint"
            style={blocker === 'read' ? undefined : { visibility: 'hidden' }}
          >
            {t('lobby_popup_read_all')}
          </p>
        )}
        {showsCloseButton(popup) && (
          <button
            type="button"
            className="button button-primary popup-close"
            disabled={!closable}
            aria-describedby={blocker === 'read' ? hintId : undefined}
            onClick={close}
          >
            {blocker === 'wait' ? t('lobby_close_in', { seconds: String(left) }) : t('lobby_close')}
          </button>
        )}
      </div>
    </Modal>
  );
}
