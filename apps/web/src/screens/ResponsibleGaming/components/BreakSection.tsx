import { useId, useRef, useState, type FormEvent } from 'react';
import type { ActiveBreak, BreakKind, SelfExclusionOption, TimeOutOption } from '@wps/contract/trust';
import { takeBreak, type BreakRequest } from '@/api/endpoints/trust';
import { durationName, rgStatusQuery } from '@/features/responsibleGaming';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { refreshQuery } from '@/queries/live';
import { Field } from '@/ui/form';
import { Modal } from '@/ui/Modal';
import { rgErrorKey } from './useRgChange';
import '@/ui/dialog.css';

type Choice =
  { kind: 'time_out'; duration: TimeOutOption } | { kind: 'self_exclusion'; duration: SelfExclusionOption };

const CONSEQUENCE: Record<BreakKind, MessageKey> = {
  time_out: 'rg_time_out_consequence',
  self_exclusion: 'rg_self_exclusion_consequence',
};

/**
 * A time-out or a self-exclusion (issue 29 item 6): the profile's lengths, what it means (no sign-in,
 * deposit or play; a self-exclusion cannot be ended early; withdrawals through customer service),
 * then a dialog that repeats it and asks for the password.
 */
export function BreakSection({
  timeOutOptions,
  selfExclusionOptions,
}: {
  timeOutOptions: readonly TimeOutOption[];
  selfExclusionOptions: readonly SelfExclusionOption[];
}) {
  const { t } = useT();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [asking, setAsking] = useState(false);
  const groups: {
    kind: BreakKind;
    title: MessageKey;
    options: readonly (TimeOutOption | SelfExclusionOption)[];
  }[] = [
    { kind: 'time_out', title: 'rg_time_out', options: timeOutOptions },
    { kind: 'self_exclusion', title: 'rg_self_exclusion', options: selfExclusionOptions },
  ];
  return (
    <section className="screen-card rg-section" aria-labelledby="rg-break-title">
      <h2 id="rg-break-title" className="rg-section-title">
        {t('rg_break_title')}
      </h2>
      {groups
        .filter((group) => group.options.length > 0)
        .map((group) => (
          <div key={group.kind} className="rg-break-group">
            <h3 id={`rg-${group.kind}`} className="rg-group-title">
              {t(group.title)}
            </h3>
            <p className="rg-muted">{t(CONSEQUENCE[group.kind])}</p>
            <div className="chip-row" role="radiogroup" aria-labelledby={`rg-${group.kind}`}>
              {group.options.map((option) => (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  className="chip"
                  aria-checked={choice?.kind === group.kind && choice.duration === option}
                  onClick={() => setChoice({ kind: group.kind, duration: option } as Choice)}
                  data-testid={`rg-break-${group.kind}-${option}`}
                >
                  {t(durationName(option))}
                </button>
              ))}
            </div>
          </div>
        ))}
      <p className="rg-muted">{t('rg_break_withdraw')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={choice === null}
        onClick={() => setAsking(true)}
        data-testid="rg-break-start"
      >
        {t('rg_break_start')}
      </button>
      {asking && choice !== null && (
        <BreakDialog
          choice={choice}
          onClose={() => setAsking(false)}
          onTaken={() => {
            setAsking(false);
            setChoice(null);
            // This session stays (to withdraw); the screen now shows the break that runs.
            refreshQuery(rgStatusQuery);
          }}
        />
      )}
    </section>
  );
}

function BreakDialog({
  choice,
  onClose,
  onTaken,
}: {
  choice: Choice;
  onClose: () => void;
  onTaken: (taken: ActiveBreak) => void;
}) {
  const { t } = useT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const describedBy = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError('auth_required');
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      onTaken(await takeBreak({ ...choice, password } as BreakRequest));
    } catch (caught) {
      setError(rgErrorKey(caught));
      setPassword('');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  const length = t(durationName(choice.duration));
  return (
    <Modal
      title={t(choice.kind === 'time_out' ? 'rg_time_out' : 'rg_self_exclusion')}
      titleClassName="dialog-title"
      describedBy={describedBy}
      onClose={busy ? undefined : onClose}
      className="dialog-panel"
      backdropClassName="dialog-backdrop"
      role="alertdialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="rg-dialog-form" aria-busy={busy}>
        <div id={describedBy}>
          <p className="dialog-message">
            {choice.duration === 'permanent' ? t('rg_break_ask_permanent') : t('rg_break_ask', { length })}
          </p>
          <p className="dialog-message">{t(CONSEQUENCE[choice.kind])}</p>
          <p className="dialog-message">{t('rg_break_withdraw')}</p>
        </div>
        <Field
          label={t('auth_password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          error={error && t(error)}
          data-testid="rg-break-password"
        />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={busy}
            data-testid="rg-break-confirm"
          >
            {busy ? t('loading') : t('rg_break_start')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
