import { useId, useRef, useState, type FormEvent } from 'react';
import { formatAmount } from '@wps/contract/amounts';
import type { LimitOfferChoice, LimitType } from '@wps/contract/trust';
import { answerLimitOffer, setLimit } from '@/api/endpoints/trust';
import { amountMessage, normalizeAmountInput, useAmountMessage, useAmountText } from '@/features/cashier';
import { memberInfoQuery } from '@/features/member';
import { rgErrorKey } from '@/features/responsibleGaming';
import { refreshQuery } from '@/queries/live';
import { useT } from '@/i18n/I18nProvider';
import type { MessageKey } from '@/i18n';
import { useSettings } from '@/state/settings';
import { Field } from '@/ui/form';
import { showToast } from '@/ui/notices';
import '@/ui/form/form.css';
import '@/ui/chips.css';
import './limitOffer.css';

const PERIODS: readonly { type: LimitType; key: MessageKey }[] = [
  { type: 'deposit_day', key: 'rg_period_day' },
  { type: 'deposit_week', key: 'rg_period_week' },
  { type: 'deposit_month', key: 'rg_period_month' },
];

/**
 * The offer itself: an amount and its period (24 hours, 7 days, 30 days), Set limit or Not now.
 * Either answer is recorded once on the server and the card goes; a refusal stays on the card as a
 * translated message, with nothing lost of what was typed.
 */
export default function LimitOfferCard() {
  const { t } = useT();
  const currency = useSettings()?.currency ?? '';
  const titleId = useId();
  const amount = useAmountText();
  const say = useAmountMessage(currency);
  const [period, setPeriod] = useState<LimitType>('deposit_day');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const [answered, setAnswered] = useState(false);
  const inFlight = useRef(false);
  const check = amountMessage(normalizeAmountInput(amount.value), {
    currency,
    min: formatAmount(1n, currency),
    max: '',
    dailyLeft: '',
  });

  const finish = async (choice: LimitOfferChoice, before?: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await before?.();
      await answerLimitOffer(choice);
      setAnswered(true);
      // The member info says the offer is over; the card goes at once rather than with its answer.
      refreshQuery(memberInfoQuery);
      if (choice === 'set') showToast('rg-offer', { key: 'rg_offer_done' });
    } catch (caught) {
      setError(rgErrorKey(caught));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check !== null) return;
    void finish('set', () => setLimit(period, normalizeAmountInput(amount.value)));
  };

  if (answered) return null;
  return (
    <section className="screen-card limit-offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="limit-offer-title">
        {t('rg_offer_title')}
      </h2>
      <p className="limit-offer-text">{t('rg_offer_text')}</p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="chip-row" role="group" aria-label={t('rg_offer_period')}>
          {PERIODS.map((option) => (
            <button
              key={option.type}
              type="button"
              className="chip"
              aria-pressed={period === option.type}
              onClick={() => setPeriod(option.type)}
            >
              {t(option.key)}
            </button>
          ))}
        </div>
        <Field
          label={`${t('rg_kind_deposit')} · ${currency}`}
          inputMode={currency === 'VND' ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={amount.value}
          onChange={(event) => {
            amount.set(event.target.value);
            setError(null);
          }}
          onBlur={() => setTouched(true)}
          error={((touched || amount.value !== '') && check !== null && say(check)) || (error && t(error))}
        />
        <div className="limit-offer-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('loading') : t('rg_set_limit')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={busy}
            onClick={() => void finish('declined')}
          >
            {t('rg_offer_later')}
          </button>
        </div>
      </form>
    </section>
  );
}
