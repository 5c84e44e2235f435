import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { DepositMethod, DepositOptions, DepositView } from '@wps/contract/cashier';
import { createDeposit } from '@/api/endpoints/wallet';
import {
  type AmountMessage,
  amountMessage,
  cashierErrorMessage,
  depositOptionsQuery,
  newRequestKey,
  normalizeAmountInput,
  trackDepositAsked,
  useAmountMessage,
  useAmountText,
  useMoney,
} from '@/features/cashier';
import { useRefusalText } from '@/features/responsibleGaming';
import { useT } from '@/i18n/I18nProvider';
import { refreshQuery } from '@/queries/live';
import { useQuery } from '@/queries/useQuery';
import { Field } from '@/ui/form';
import { Loading } from '@/ui/Loading';
import { BonusOffers } from './BonusOffers';
import { MethodCards } from './MethodCards';

/**
 * The deposit form: the merchant's methods as cards, the amount (typed or a preset) checked against
 * the method's limits as it is typed, the bonus offers with their terms and an explicit opt-in
 * (none by default), and Deposit. One request key per attempt: a retry after a lost answer sends the
 * same one (the server replays its answer), any change of method, amount or bonus makes a new one.
 */
export function DepositForm({ onPayment }: { onPayment: (payment: DepositView) => void }) {
  const { t } = useT();
  const options = useQuery<DepositOptions>(depositOptionsQuery);
  // Loaded at sign-in and kept: shown at once, and asked again here (the day's room left changes).
  const loadedBefore = useRef(options.data !== undefined);
  useEffect(() => {
    if (loadedBefore.current) refreshQuery(depositOptionsQuery);
  }, []);
  if (options.status === 'loading' && options.data === undefined) return <Loading />;
  if (options.data === undefined) {
    return (
      <div className="screen-card" role="alert">
        <p>{t('cashier_options_failed')}</p>
        <button type="button" className="button button-primary" onClick={options.retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (options.data.methods.length === 0) {
    return (
      <p className="screen-card card-empty" data-testid="deposit-empty">
        {t('cashier_no_methods')}
      </p>
    );
  }
  return <DepositFields options={options.data} onPayment={onPayment} />;
}

function DepositFields({
  options,
  onPayment,
}: {
  options: DepositOptions;
  onPayment: (payment: DepositView) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const [methodCode, setMethodCode] = useState(options.methods[0]?.code ?? '');
  const method: DepositMethod | undefined = options.methods.find((each) => each.code === methodCode);
  const amount = useAmountText();
  const [bonus, setBonus] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<AmountMessage | null>(null);
  // A responsible-gaming refusal (issue 29): the limit reached, or the break that runs.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalText = useRefusalText(options.currency);
  const [sending, setSending] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const check = useMemo(
    () => (method === undefined ? null : amountMessage(amount.value, method)),
    [amount.value, method],
  );
  const say = useAmountMessage(options.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (method === undefined || check !== null || sending) return;
    const request = {
      method: method.code,
      amount: normalizeAmountInput(amount.value),
      ...(bonus ? { bonus } : {}),
    };
    const signature = JSON.stringify(request);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newRequestKey() };
    setSending(true);
    setFailure(null);
    setRefusal(null);
    try {
      const payment = await createDeposit({ requestKey: attempt.current.key, ...request });
      trackDepositAsked(payment, options.totalDepositSuccessCount);
      onPayment(payment);
      attempt.current = null;
    } catch (error) {
      const refused = refusalText(error);
      if (refused !== null) {
        setRefusal(refused);
        return;
      }
      const message = cashierErrorMessage(error);
      // The key was used for another request: the next press is a new attempt.
      if (message.key === 'cashier_error_conflict') attempt.current = null;
      setFailure(message);
    } finally {
      setSending(false);
    }
  };

  const shown = touched || amount.value !== '' ? check : null;
  return (
    <form
      className="cashier-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="deposit-form"
    >
      <MethodCards methods={options.methods} selected={methodCode} onSelect={setMethodCode} />
      {method && (
        <div className="cashier-amount">
          <Field
            label={t('cashier_amount')}
            inputMode={method.currency === 'VND' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={amount.value}
            onChange={(event) => amount.set(event.target.value)}
            onBlur={() => setTouched(true)}
            error={shown && say(shown)}
            hint={t('cashier_limits', {
              min: money(method.min, options.currency),
              max: money(method.max, options.currency),
              left: money(method.dailyLeft, options.currency),
            })}
            data-testid="deposit-amount"
          />
          {method.presets.length > 0 && (
            <div className="chip-row" role="group" aria-label={t('cashier_presets')}>
              {method.presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className="chip"
                  aria-pressed={amount.value === preset}
                  onClick={() => amount.set(preset)}
                >
                  <bdi>{money(preset, options.currency)}</bdi>
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <BonusOffers
        offers={options.bonuses}
        currency={options.currency}
        selected={bonus}
        onSelect={setBonus}
      />
      {(failure || refusal !== null) && (
        <p className="auth-error" role="alert" data-testid="deposit-error">
          {refusal ?? (failure && say(failure))}
        </p>
      )}
      <button
        type="submit"
        className="button button-primary cashier-submit"
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? t('loading') : t('cashier_deposit_now')}
      </button>
    </form>
  );
}
