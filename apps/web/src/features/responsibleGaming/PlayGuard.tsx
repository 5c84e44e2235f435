import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaySessionView } from '@wps/contract/trust';
import { AppPath } from '@wps/contract/routes';
import { SESSION_LOST_CODES } from '@wps/contract/errors';
import { fetchPlaySession } from '@/api/endpoints/trust';
import { WpsError } from '@/api/errors';
import { handleError, performErrorAction } from '@/features/apiErrors';
import { useMoney } from '@/features/cashier';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { Modal } from '@/ui/Modal';
import { clockSkew, minutesPlayed, nextCheckAt, sessionEndsAt } from './realityCheck';
import '@/ui/dialog.css';

/** The longest a browser timer waits (about 24.8 days); a later instant is waited for in steps. */
const MAX_DELAY = 2 ** 31 - 1;

interface Known {
  view: PlaySessionView;
  /** The server's clock minus the device's when the answer arrived. */
  skew: number;
}

function reportSessionLoss(error: unknown): void {
  if (
    error instanceof WpsError &&
    (error.status === 401 ||
      SESSION_LOST_CODES.includes(error.errorCode) ||
      error.errorCode === 'rg_break_active')
  ) {
    handleError(error);
  }
}

async function loadSession(): Promise<Known> {
  const view = await fetchPlaySession();
  return { view, skew: clockSkew(view, Date.now()) };
}

/** Runs `run` at device time `at` (ms), however far ahead; answers the cancel. */
function at(time: number, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const delay = time - Date.now();
    if (delay > MAX_DELAY) timer = setTimeout(arm, MAX_DELAY);
    else timer = setTimeout(run, Math.max(0, delay));
  };
  arm();
  return () => clearTimeout(timer);
}

/**
 * The reality check over a game (issue 29 item 5): every `realityCheckMinutes` of the member's
 * session (counted from its start on the server's clock), a dialog on top of the running game with
 * the time played and the session's result, Continue, Stop playing and the history. At the
 * session-time limit's end the session ends with its message. Nothing without a session's settings.
 */
export default function PlayGuard({ onStop }: { onStop: () => void }) {
  const [known, setKnown] = useState<Known | null>(null);
  /** The check on screen, with the device time it came up. */
  const [check, setCheck] = useState<(Known & { at: number }) | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    loadSession().then((loaded) => {
      if (mounted.current) setKnown(loaded);
    }, reportSessionLoss);
    return () => {
      mounted.current = false;
    };
  }, []);

  // The next check, armed again after each one is answered.
  useEffect(() => {
    if (known === null || check !== null) return;
    const due = nextCheckAt(known.view, known.skew, Date.now());
    if (due === null) return;
    return at(due, () => {
      // The figures of the moment: asked again, shown with the last known ones if that fails.
      loadSession().then(
        (fresh) => {
          // The figures are the server's of now; the time played stays on the clock the check was
          // timed by, so it reads as the interval the member chose (15, 30, … minutes).
          if (mounted.current) setCheck({ view: fresh.view, skew: known.skew, at: Date.now() });
        },
        (error: unknown) => {
          reportSessionLoss(error);
          if (mounted.current) setCheck({ ...known, at: Date.now() });
        },
      );
    });
  }, [known, check]);

  useEffect(() => {
    if (known === null) return;
    const ends = sessionEndsAt(known.view, known.skew);
    if (ends === null) return;
    // The limit's minutes for the message: the server's session start to its end.
    const minutes = Math.round((ends + known.skew - Date.parse(known.view.startedAt)) / 60_000);
    return at(ends, () => {
      setCheck(null);
      void performErrorAction({ kind: 'sessionLimit', data: { minutes } });
    });
  }, [known]);

  const carryOn = useCallback(() => {
    if (check !== null) setKnown({ view: check.view, skew: check.skew });
    setCheck(null);
  }, [check]);

  if (check === null) return null;
  return <RealityCheckDialog known={check} onContinue={carryOn} onStop={onStop} />;
}

function RealityCheckDialog({
  known,
  onContinue,
  onStop,
}: {
  known: Known & { at: number };
  onContinue: () => void;
  onStop: () => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const { view } = known;
  const minutes = minutesPlayed(view, known.skew, known.at);
  return (
    <Modal
      title={t('rg_reality_title')}
      titleClassName="dialog-title"
      describedBy="rg-check-text"
      role="alertdialog"
      className="dialog-panel"
      backdropClassName="dialog-backdrop"
      onClose={onContinue}
      closeButton={false}
    >
      <div id="rg-check-text" data-testid="rg-reality-check">
        <p className="dialog-message">{t('rg_check_time', { minutes: String(minutes) })}</p>
        <p className="dialog-message">
          {t('rg_check_result', {
            net: money(view.net, view.currency, { signed: true }),
            wagered: money(view.wagered, view.currency),
          })}
        </p>
        <p className="dialog-message">
          <AppLink to={AppPath.transactions}>{t('rg_check_history')}</AppLink>
        </p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onStop}>
          {t('rg_check_stop')}
        </button>
        <button type="button" className="button button-primary" onClick={onContinue}>
          {t('rg_check_continue')}
        </button>
      </div>
    </Modal>
  );
}
