import { useId, useState, type FormEvent } from 'react';
import type { LimitView } from '@wps/contract/trust';
import { cancelLimit, confirmLimit, setLimit } from '@/api/endpoints/trust';
import { normalizeAmountInput, useAmountMessage, useAmountText, useMoney } from '@/features/cashier';
import {
  limitState,
  periodName,
  useDateTimeText,
  groupName,
  type LimitGroup,
} from '@/features/responsibleGaming';
import { useT } from '@/i18n/I18nProvider';
import { Field } from '@/ui/form';
import { limitInputMessage } from './limitRules';
import { useRgChange } from './useRgChange';

interface LimitCardProps {
  limit: LimitView;
  group: LimitGroup;
  currency: string;
  coolingOffHours: number;
  confirmWindowHours: number;
  /** The clock the states are read at (ms); the screen passes its own so a test can set it. */
  now: number;
}

/**
 * One limit (issue 29 item 4): its value, what is used and when room frees up, a parked raise or
 * removal with Confirm (enabled only in its window, with the date it opens) and Cancel, and the form
 * to change it. Lowering applies at once; raising or removing waits for the cooling-off.
 */
export function LimitCard({
  limit,
  group,
  currency,
  coolingOffHours,
  confirmWindowHours,
  now,
}: LimitCardProps) {
  const { t } = useT();
  const money = useMoney();
  const when = useDateTimeText();
  const change = useRgChange();
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  const state = limitState(limit, now);
  const session = limit.type === 'session_time';
  const show = (value: string) => (session ? t('rg_minutes', { minutes: value }) : money(value, currency));
  const period = periodName(limit.type);
  const title = t(period ?? 'rg_per_session');

  return (
    <li className="rg-limit" aria-labelledby={titleId} data-testid={`rg-limit-${limit.type}`}>
      <div className="rg-limit-head">
        <h4 id={titleId} className="rg-limit-title">
          {title}
        </h4>
        <p className="rg-limit-value">
          {limit.amount === null ? t('rg_no_limit') : <bdi>{show(limit.amount)}</bdi>}
        </p>
      </div>
      {limit.amount !== null && (
        <p className="rg-limit-used">
          {session
            ? t('rg_session_used', { minutes: limit.used })
            : t('rg_used', { used: money(limit.used, currency) })}
          {limit.resetsAt !== null && !session && ` · ${t('rg_resets', { date: when(limit.resetsAt) })}`}
        </p>
      )}
      {state.kind !== 'none' && state.kind !== 'set' && (
        <div className="rg-parked" role="status">
          <p>
            {state.to === null ? t('rg_parked_remove') : t('rg_parked_raise', { amount: show(state.to) })}
          </p>
          <p className="rg-parked-when">
            {state.kind === 'cooling' && t('rg_confirm_from', { date: when(state.from) })}
            {state.kind === 'confirmable' && t('rg_confirm_until', { date: when(state.until) })}
            {state.kind === 'lapsed' && t('rg_lapsed', { date: when(state.until) })}
          </p>
          <div className="rg-actions">
            {state.kind !== 'lapsed' && (
              <button
                type="button"
                className="button button-primary"
                disabled={state.kind !== 'confirmable' || change.busy}
                onClick={() => void change.run(() => confirmLimit(limit.type))}
              >
                {t('confirm')}
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              disabled={change.busy}
              onClick={() => void change.run(() => cancelLimit(limit.type))}
            >
              {t('rg_cancel_change')}
            </button>
          </div>
        </div>
      )}
      {change.error && !editing && (
        <p className="auth-error" role="alert">
          {t(change.error)}
        </p>
      )}
      {editing ? (
        <LimitForm
          limit={limit}
          currency={currency}
          label={`${t(groupName(group))}${period === null ? '' : ` (${t(period)})`}`}
          hint={t('rg_change_hint', {
            hours: String(coolingOffHours),
            days: String(Math.round(confirmWindowHours / 24)),
          })}
          change={change}
          onDone={() => setEditing(false)}
        />
      ) : (
        <button
          type="button"
          className="button button-ghost rg-edit"
          aria-describedby={titleId}
          onClick={() => {
            change.clearError();
            setEditing(true);
          }}
        >
          {limit.amount === null ? t('rg_set_limit') : t('rg_change_limit')}
        </button>
      )}
    </li>
  );
}

function LimitForm({
  limit,
  currency,
  label,
  hint,
  change,
  onDone,
}: {
  limit: LimitView;
  currency: string;
  label: string;
  hint: string;
  change: ReturnType<typeof useRgChange>;
  onDone: () => void;
}) {
  const { t } = useT();
  const amount = useAmountText();
  const [touched, setTouched] = useState(false);
  const say = useAmountMessage(currency);
  const session = limit.type === 'session_time';
  const check = limitInputMessage(limit.type, amount.value, currency);
  const shown = touched || amount.value !== '' ? check : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check !== null) return;
    if (await change.run(() => setLimit(limit.type, normalizeAmountInput(amount.value)))) onDone();
  };
  const remove = async () => {
    if (await change.run(() => setLimit(limit.type, null))) onDone();
  };

  return (
    <form className="rg-form" noValidate onSubmit={(event) => void save(event)} aria-busy={change.busy}>
      <Field
        label={session ? `${label} · ${t('rg_minutes_unit')}` : `${label} · ${currency}`}
        inputMode={session ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={amount.value}
        onChange={(event) => {
          amount.set(event.target.value);
          change.clearError();
        }}
        onBlur={() => setTouched(true)}
        error={(shown && say(shown)) || (change.error && t(change.error))}
        hint={hint}
        data-testid={`rg-input-${limit.type}`}
      />
      <div className="rg-actions">
        <button type="submit" className="button button-primary" disabled={change.busy}>
          {change.busy ? t('loading') : t('rg_save')}
        </button>
        {limit.amount !== null && limit.parked?.amount !== null && (
          <button
            type="button"
            className="button button-secondary"
            disabled={change.busy}
            onClick={() => void remove()}
          >
            {t('rg_remove')}
          </button>
        )}
        <button type="button" className="button button-ghost" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
