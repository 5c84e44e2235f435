import { useEffect, useRef } from 'react';
import { AppPath } from '@wps/contract/routes';
import type { WithdrawalState, WithdrawalView } from '@wps/contract/cashier';
import { parseAmount } from '@wps/contract/amounts';
import { useMoney } from '@/features/cashier';
import { AppLink } from '@/features/navigation';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';

/** A new withdrawal is in review; a replayed older one may have moved on since. */
const STATE_TEXT: Record<WithdrawalState, MessageKey> = {
  review: 'withdraw_state_review',
  paying: 'withdraw_state_review',
  unknown: 'withdraw_state_review',
  paid: 'cashier_entry_success',
  rejected: 'withdraw_state_returned',
  failed: 'withdraw_state_returned',
};

/**
 * The withdrawal just requested: held and in review (the staff approve it, then it is paid out),
 * to which account, and the bonus it forfeited if any. Focus moves to it, so a screen reader reads
 * the outcome of the press.
 */
export function WithdrawalDone({
  withdrawal,
  onAnother,
}: {
  withdrawal: WithdrawalView;
  onAnother: () => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const forfeited = (parseAmount(withdrawal.bonusForfeited, withdrawal.currency) ?? 0n) > 0n;

  return (
    <section className="screen-card cashier-payment withdraw-done" aria-labelledby="withdraw-done-title">
      <h2 id="withdraw-done-title" className="withdraw-section-title" tabIndex={-1} ref={heading}>
        {t('withdraw_requested')}
      </h2>
      <p className="cashier-amount-line" data-testid="withdraw-done-amount">
        <bdi>{money(withdrawal.amount, withdrawal.currency)}</bdi>
      </p>
      <p className="cashier-state" role="status" data-testid="withdraw-state">
        {t(STATE_TEXT[withdrawal.state])}
      </p>
      <p data-testid="withdraw-done-account">
        {/* The code in its own direction; the words around it in the page's. */}
        {t('withdraw_to_account')} <bdi>{withdrawal.account.bankCode}</bdi>{' '}
        {t('withdraw_account_ending', { digits: withdrawal.account.accountNumberLast4 })}
      </p>
      {forfeited && (
        <p data-testid="withdraw-forfeited">
          {t('withdraw_bonus_forfeited', { amount: money(withdrawal.bonusForfeited, withdrawal.currency) })}
        </p>
      )}
      <div className="withdraw-actions">
        <AppLink to={AppPath.transactions} className="button button-primary">
          {t('page_transactions')}
        </AppLink>
        <button type="button" className="button button-ghost" onClick={onAnother}>
          {t('withdraw_another')}
        </button>
      </div>
    </section>
  );
}
