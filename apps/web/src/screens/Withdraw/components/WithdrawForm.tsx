import { useRef, useState, type FormEvent } from 'react';
import type { WithdrawalView, WithdrawMethod, WithdrawOptions } from '@wps/contract/cashier';
import { createWithdrawal } from '@/api/endpoints/wallet';
import {
  normalizeAmountInput,
  useAmountMessage,
  useAmountText,
  useMoney,
  type AmountMessage,
} from '@/features/cashier';
import { mirrorMovement } from '@/features/tracking';
import { useT } from '@/i18n/I18nProvider';
import { Field } from '@/ui/form';
import { useRequestKey } from '@/screens/Withdraw/hooks/useRequestKey';
import { AccountPicker } from './AccountPicker';
import { bonusAtStake, withdrawAmountMessage, withdrawErrorMessage } from './withdrawRules';

/**
 * The withdrawal itself: the account to pay, the amount within the method's limits and the cash
 * available, and, while a bonus still has turnover to wager, the forfeit written out with its amount
 * and an explicit consent (unticked). One request key per attempt (useRequestKey): a double tap or a
 * retry after a lost answer holds the money once.
 */
export function WithdrawForm({
  options,
  method,
  selected,
  onSelect,
  onRequested,
}: {
  options: WithdrawOptions;
  method: WithdrawMethod;
  selected: number | null;
  onSelect: (id: number) => void;
  onRequested: (withdrawal: WithdrawalView) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const { currency } = options;
  const amount = useAmountText();
  const [forfeit, setForfeit] = useState(false);
  const [touched, setTouched] = useState(false);
  // The consent's reminder waits for a press of Request withdrawal, not the amount's blur.
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<AmountMessage | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const requestKey = useRequestKey();

  const atStake = bonusAtStake(options);
  const check = withdrawAmountMessage(amount.value, method, options);
  const consentMissing = atStake && !forfeit;
  const say = useAmountMessage(currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setTried(true);
    if (selected === null || check !== null || consentMissing || inFlight.current) return;
    inFlight.current = true;
    const request = {
      accountId: selected,
      amount: normalizeAmountInput(amount.value),
      forfeitBonus: atStake,
    };
    setSending(true);
    setFailure(null);
    try {
      const withdrawal = await createWithdrawal({ requestKey: requestKey.keyFor(request), ...request });
      // The server recorded the withdraw event with the request; the ad pixels get its id.
      mirrorMovement('withdraw', withdrawal.id, Number(withdrawal.amount));
      onRequested(withdrawal);
      requestKey.forget();
    } catch (error) {
      const message = withdrawErrorMessage(error, currency);
      // Refused for what it is (not lost on the way): the next press is a new attempt.
      if (message.key !== 'withdraw_error_network' && message.key !== 'withdraw_error_generic')
        requestKey.forget();
      setFailure(message);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const shown = touched || amount.value !== '' ? check : null;
  return (
    <form
      className="cashier-form"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => void submit(event)}
      data-testid="withdraw-form"
    >
      <AccountPicker accounts={options.accounts} selected={selected} onSelect={onSelect} />
      <div className="cashier-amount">
        <Field
          label={t('cashier_amount')}
          inputMode={currency === 'VND' ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={amount.value}
          onChange={(event) => amount.set(event.target.value)}
          onBlur={() => setTouched(true)}
          error={shown && say(shown)}
          hint={t('withdraw_limits', {
            min: money(method.min, currency),
            max: money(method.max, currency),
            left: money(method.dailyLeft, currency),
          })}
          data-testid="withdraw-amount"
        />
        <button
          type="button"
          className="chip withdraw-all"
          onClick={() => amount.set(options.available)}
          disabled={options.available === amount.value}
        >
          {t('withdraw_all')}
        </button>
      </div>
      {atStake && (
        <div className="withdraw-forfeit" data-testid="withdraw-forfeit">
          <p className="withdraw-forfeit-terms">
            {t('withdraw_forfeit_terms', {
              amount: money(options.bonus, currency),
              turnover: money(options.turnoverLeft, currency),
            })}
          </p>
          <label className="withdraw-consent">
            <input
              type="checkbox"
              checked={forfeit}
              onChange={(event) => setForfeit(event.target.checked)}
              aria-invalid={tried && consentMissing ? true : undefined}
              aria-describedby={tried && consentMissing ? 'withdraw-forfeit-error' : undefined}
            />
            <span>{t('withdraw_forfeit_agree', { amount: money(options.bonus, currency) })}</span>
          </label>
          {tried && consentMissing && (
            <p id="withdraw-forfeit-error" className="auth-error" role="alert">
              {t('withdraw_forfeit_required')}
            </p>
          )}
        </div>
      )}
      {failure && (
        <p className="auth-error" role="alert" data-testid="withdraw-error">
          {say(failure)}
        </p>
      )}
      <button
        type="submit"
        className="button button-primary cashier-submit"
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? t('loading') : t('withdraw_submit')}
      </button>
    </form>
  );
}
