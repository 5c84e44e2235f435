import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { Card, LoadError, Loading } from '@/ui/States';

/** Payments and payouts by our id or the provider's reference (pasted from a statement or a ticket). */
export function Search() {
  const [ref, setRef] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const found = useQuery({
    queryKey: staffKeys.search(ref),
    queryFn: () => staffCall('staffCashierSearch', { ref }),
    enabled: ref !== '',
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = String(new FormData(event.currentTarget).get('ref') ?? '').trim();
    setTooShort(asked.length < 3);
    if (asked.length >= 3) setRef(asked);
  };
  return (
    <Card id="cashier-search" title={t('search_title')}>
      <p className="note">{t('search_note')}</p>
      <form className="auth-form row" role="search" onSubmit={submit} noValidate>
        <Field
          label={t('search_ref')}
          name="ref"
          maxLength={80}
          required
          error={tooShort ? t('search_too_short') : null}
        />
        <button type="submit" className="button button-accent">
          {t('search_run')}
        </button>
      </form>
      {ref !== '' && found.isPending && <Loading />}
      {found.isError && <LoadError error={found.error} retry={() => void found.refetch()} />}
      {found.isSuccess && found.data.length === 0 && (
        <p className="note" role="status">
          {t('search_none', { ref })}
        </p>
      )}
      {found.isSuccess && found.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption>{t('search_caption', { ref })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('search_type')}</th>
                <th scope="col">{t('search_id')}</th>
                <th scope="col">{t('search_provider_ref')}</th>
                <th scope="col">{t('cashier_member')}</th>
                <th scope="col" className="n">
                  {t('cashier_amount')}
                </th>
                <th scope="col">{t('cashier_state')}</th>
                <th scope="col">{t('cashier_requested')}</th>
              </tr>
            </thead>
            <tbody>
              {found.data.map((hit) => (
                <tr key={`${hit.type}-${hit.id}`}>
                  <td>{t(hit.type === 'deposit' ? 'search_deposit' : 'search_withdrawal')}</td>
                  <td className="mono">{hit.id}</td>
                  <td className="mono">{hit.providerRef ?? '—'}</td>
                  <td>
                    {hit.username} <span className="mono">#{hit.customerId}</span>
                  </td>
                  <td className="n">
                    {hit.amount} {hit.currency}
                  </td>
                  <td className={`state-${hit.state}`}>{hit.state}</td>
                  <td>{new Date(hit.createdAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
