import type { DepositBonusOffer } from '@wps/contract/cashier';
import { useMoney } from '@/features/cashier';
import { useT } from '@/i18n/I18nProvider';

/**
 * The bonuses the member may attach, each with its terms (percent, largest bonus, turnover to wager)
 * written out before it can be chosen; "No bonus" is chosen until the member picks one.
 */
export function BonusOffers({
  offers,
  currency,
  selected,
  onSelect,
}: {
  offers: readonly DepositBonusOffer[];
  currency: string;
  selected: string | null;
  onSelect: (code: string | null) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  if (offers.length === 0) return null;
  return (
    <fieldset className="cashier-bonuses">
      <legend className="cashier-legend">{t('cashier_bonus')}</legend>
      <label className="cashier-method">
        <input
          type="radio"
          name="deposit-bonus"
          checked={selected === null}
          onChange={() => onSelect(null)}
        />
        <span className="cashier-method-name">{t('cashier_bonus_none')}</span>
      </label>
      {offers.map((offer) => (
        <label key={offer.code} className="cashier-method" data-testid={`deposit-bonus-${offer.code}`}>
          <input
            type="radio"
            name="deposit-bonus"
            checked={selected === offer.code}
            onChange={() => onSelect(offer.code)}
          />
          <span className="cashier-method-name">
            {t('cashier_bonus_offer', { percent: offer.percent, max: money(offer.maxBonus, currency) })}
          </span>
          <span className="cashier-method-kind">
            {t('cashier_bonus_terms', { times: offer.turnoverMultiplier })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
