import { useState } from 'react';
import { AppPath } from '@wps/contract/routes';
import type { PayoutAccountView, WithdrawalView, WithdrawOptions } from '@wps/contract/cashier';
import { balanceQuery } from '@/features/cashier';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { setQueryData } from '@/queries/changes';
import { refreshQuery } from '@/queries/live';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { AddAccountForm } from './components/AddAccountForm';
import { BalanceSummary } from './components/BalanceSummary';
import { WithdrawalDone } from './components/WithdrawalDone';
import { WithdrawForm } from './components/WithdrawForm';
import { withdrawOptionsQuery } from './hooks/withdrawQueries';
import '@/ui/form/form.css';
import '@/ui/chips.css';
import '@/screens/Deposit/deposit.css';
import './withdraw.css';

/**
 * The withdrawal page (/m/withdraw, issue 28 item 4): what may be withdrawn against what is locked,
 * the member's payout accounts (and binding one, with the password), the amount within the limits,
 * the forfeit of an unmet bonus agreed to before it happens, then the request held and in review.
 */
export function WithdrawScreen() {
  const { t } = useT();
  const options = useQuery<WithdrawOptions>(withdrawOptionsQuery);
  const [done, setDone] = useState<WithdrawalView | null>(null);

  let body;
  if (done !== null) {
    body = <WithdrawalDone withdrawal={done} onAnother={() => setDone(null)} />;
  } else if (options.data === undefined && options.status !== 'failed') {
    body = <Loading />;
  } else if (options.data === undefined) {
    body = (
      <div className="screen-card" role="alert">
        <p>{t('withdraw_options_failed')}</p>
        <button type="button" className="button button-primary" onClick={options.retry}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <WithdrawBody
        options={options.data}
        onRequested={(withdrawal) => {
          setDone(withdrawal);
          // The header's balance follows from the event stream; these make sure on a lost stream.
          refreshQuery(withdrawOptionsQuery);
          refreshQuery(balanceQuery);
        }}
      />
    );
  }

  return (
    <section aria-labelledby="screen-title" className="cashier-screen withdraw-screen">
      <div className="cashier-head">
        <h1 id="screen-title" className="screen-title">
          {t('page_withdraw')}
        </h1>
        <AppLink to={AppPath.deposit} className="button button-ghost cashier-switch">
          {t('page_deposit')}
        </AppLink>
      </div>
      {body}
    </section>
  );
}

function WithdrawBody({
  options,
  onRequested,
}: {
  options: WithdrawOptions;
  onRequested: (withdrawal: WithdrawalView) => void;
}) {
  const { t } = useT();
  const [selected, setSelected] = useState<number | null>(options.accounts[0]?.id ?? null);
  const [adding, setAdding] = useState(false);
  const method = options.methods[0];
  const chosen = options.accounts.some((account) => account.id === selected)
    ? selected
    : (options.accounts[0]?.id ?? null);

  const added = (account: PayoutAccountView) => {
    // Shown at once and chosen; the server's list follows (binding the same number twice answers
    // the account already bound, hence the replace by id).
    setQueryData(withdrawOptionsQuery, (current) =>
      current === undefined
        ? options
        : {
            ...current,
            holderName: current.holderName ?? account.accountName,
            accounts: [...current.accounts.filter((each) => each.id !== account.id), account],
          },
    );
    setSelected(account.id);
    setAdding(false);
    refreshQuery(withdrawOptionsQuery);
  };

  if (method === undefined) {
    return (
      <>
        <BalanceSummary options={options} />
        <p className="screen-card card-empty" data-testid="withdraw-unavailable">
          {t('withdraw_unavailable')}
        </p>
      </>
    );
  }
  const noAccount = options.accounts.length === 0;
  return (
    <>
      <BalanceSummary options={options} />
      {noAccount && (
        <p className="screen-card card-empty" data-testid="withdraw-no-accounts">
          {t('withdraw_no_accounts')}
        </p>
      )}
      {noAccount || adding ? (
        <AddAccountForm
          holderName={options.holderName}
          onAdded={added}
          onCancel={noAccount ? null : () => setAdding(false)}
        />
      ) : (
        <>
          <WithdrawForm
            options={options}
            method={method}
            selected={chosen}
            onSelect={setSelected}
            onRequested={onRequested}
          />
          <button
            type="button"
            className="button button-ghost cashier-submit"
            onClick={() => setAdding(true)}
          >
            {t('withdraw_add_account')}
          </button>
        </>
      )}
    </>
  );
}
