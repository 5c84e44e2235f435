import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { balanceQuery, useMoney } from '@/features/cashier';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';

/**
 * The member's money on the member home (issue 28 item 2): cash, bonus and held, the same query the
 * header's balance keeps live from the event stream; Deposit, Withdraw and Transactions under it.
 */
export function BalanceCard() {
  const { t } = useT();
  const money = useMoney();
  const balance = useQuery(balanceQuery);
  const data = balance.data;
  const rows = data
    ? ([
        ['cashier_cash', data.cash],
        ['cashier_bonus_balance', data.bonus],
        ['cashier_held', data.held],
      ] as const)
    : [];
  return (
    <section className="member-card" aria-labelledby="member-balance" data-testid="member-balance">
      <h2 id="member-balance" className="member-section-title">
        {t('cashier_balance')}
      </h2>
      {data ? (
        <dl className="member-balance">
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>
                <bdi>{money(value, data.currency)}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="member-balance-pending" aria-busy={balance.status === 'loading'}>
          {balance.status === 'failed' ? t('cashier_balance_failed') : '…'}
        </p>
      )}
      <div className="member-balance-actions">
        <AppLink to={AppPath.deposit} className="button button-primary">
          {t('page_deposit')}
        </AppLink>
        <AppLink to={AppPath.withdraw} className="button button-ghost" data-testid="member-withdraw">
          {t('page_withdraw')}
        </AppLink>
        <AppLink to={AppPath.transactions} className="button button-ghost">
          {t('page_transactions')}
        </AppLink>
      </div>
    </section>
  );
}
