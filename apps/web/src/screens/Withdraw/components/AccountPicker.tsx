import type { PayoutAccountView } from '@wps/contract/cashier';
import { useT } from '@/i18n/I18nProvider';

/**
 * The member's payout accounts as radio cards under one legend: the bank or wallet code, the name
 * and the number's last four digits (the full number never comes back from the server).
 */
export function AccountPicker({
  accounts,
  selected,
  onSelect,
}: {
  accounts: readonly PayoutAccountView[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useT();
  return (
    <fieldset className="cashier-methods">
      <legend className="cashier-legend">{t('withdraw_account')}</legend>
      {accounts.map((account) => (
        <label key={account.id} className="cashier-method" data-testid={`withdraw-account-${account.id}`}>
          <input
            type="radio"
            name="withdraw-account"
            value={account.id}
            checked={account.id === selected}
            onChange={() => onSelect(account.id)}
          />
          <span className="cashier-method-name">
            <bdi>{account.bankCode}</bdi> · <bdi>{account.accountName}</bdi>
          </span>
          <span className="cashier-method-kind">
            {t(account.kind === 'bank' ? 'withdraw_kind_bank' : 'withdraw_kind_ewallet')} ·{' '}
            {t('withdraw_account_ending', { digits: account.accountNumberLast4 })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
