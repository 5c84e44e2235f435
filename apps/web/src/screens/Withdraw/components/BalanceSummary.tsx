import type { WithdrawOptions } from '@wps/contract/cashier';
import { parseAmount } from '@wps/contract/amounts';
import { useMoney } from '@/features/cashier';
import { useT } from '@/i18n/I18nProvider';

/**
 * What the member may withdraw against what is locked (issue 28 item 4): the cash available, the
 * money held for withdrawals in review, and a bonus with the turnover still to wager before it is
 * released.
 */
export function BalanceSummary({ options }: { options: WithdrawOptions }) {
  const { t } = useT();
  const money = useMoney();
  const { currency } = options;
  const bonus = parseAmount(options.bonus, currency) ?? 0n;
  const turnover = parseAmount(options.turnoverLeft, currency) ?? 0n;
  return (
    <section className="screen-card withdraw-balances" aria-labelledby="withdraw-balances">
      <h2 id="withdraw-balances" className="withdraw-section-title">
        {t('cashier_balance')}
      </h2>
      <dl className="withdraw-figures">
        <div className="withdraw-figure withdraw-figure-main">
          <dt>{t('withdraw_available')}</dt>
          <dd data-testid="withdraw-available">
            <bdi>{money(options.available, currency)}</bdi>
          </dd>
        </div>
        <div className="withdraw-figure">
          <dt>{t('withdraw_held')}</dt>
          <dd data-testid="withdraw-held">
            <bdi>{money(options.held, currency)}</bdi>
          </dd>
        </div>
        {(bonus > 0n || turnover > 0n) && (
          <div className="withdraw-figure">
            <dt>{t('withdraw_bonus_locked')}</dt>
            <dd data-testid="withdraw-bonus">
              <bdi>{money(options.bonus, currency)}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {turnover > 0n && (
        <p className="cashier-hint" data-testid="withdraw-turnover">
          {t('withdraw_turnover_left', { amount: money(options.turnoverLeft, currency) })}
        </p>
      )}
    </section>
  );
}
