import type { StaffMemberSearchPage } from '@wps/contract/memberAdmin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { Card, LoadError, Loading } from '@/ui/States';

interface Asked {
  q: string;
  agents: boolean;
}

function Results({ page, open }: { page: StaffMemberSearchPage; open: (id: number) => void }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">{t('members_results')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('members_id')}</th>
            <th scope="col">{t('members_username')}</th>
            <th scope="col">{t('members_kind')}</th>
            {!page.piiHidden && <th scope="col">{t('members_phone')}</th>}
            {!page.piiHidden && <th scope="col">{t('members_email')}</th>}
            <th scope="col">{t('members_referral_code')}</th>
            <th scope="col">{t('members_registered')}</th>
            <th scope="col">{t('members_status')}</th>
          </tr>
        </thead>
        <tbody>
          {page.hits.map((hit) => (
            <tr key={hit.id}>
              <td className="mono">{hit.id}</td>
              <td>
                <button type="button" className="link-button" onClick={() => open(hit.id)}>
                  {hit.username}
                </button>
              </td>
              <td>{t(hit.kind === 'agent' ? 'members_agent' : 'members_player')}</td>
              {!page.piiHidden && <td className="mono">{hit.phone ?? '—'}</td>}
              {!page.piiHidden && <td>{hit.email ?? '—'}</td>}
              <td className="mono">{hit.ownReferralCode ?? '—'}</td>
              <td>{new Date(hit.createdAt).toLocaleDateString()}</td>
              <td className={hit.locked ? 'refused' : undefined}>
                {t(hit.locked ? 'members_locked' : 'members_active')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Members by id, a name's start, a referral code, or (roles that may see them) an exact phone or
 * email; agents alone with the box ticked. 25 a page: the pages walked so far are a stack of cursors.
 */
export function MemberSearch({ open }: { open: (id: number) => void }) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [cursors, setCursors] = useState<number[]>([]);
  const [empty, setEmpty] = useState(false);
  const after = cursors.at(-1);
  const found = useQuery({
    queryKey: staffKeys.memberSearch(asked?.q ?? '', asked?.agents ?? false, after),
    queryFn: () =>
      staffCall('staffMemberSearch', {
        q: asked?.q ?? '',
        ...(asked?.agents ? { kind: 'agent' as const } : {}),
        ...(after === undefined ? {} : { after }),
      }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get('q') ?? '').trim();
    const agents = form.get('agents') === 'on';
    setEmpty(q === '' && !agents);
    if (q === '' && !agents) return;
    setCursors([]);
    setAsked({ q, agents });
  };
  const page = found.data;
  return (
    <Card id="members-search" title={t('members_title')}>
      <p className="note">{t('members_search_note')}</p>
      <form
        className="auth-form row"
        role="search"
        aria-label={t('members_title')}
        onSubmit={submit}
        noValidate
      >
        <Field
          label={t('members_query')}
          name="q"
          maxLength={100}
          autoComplete="off"
          error={empty ? t('members_query_empty') : null}
        />
        <label className="check">
          <input type="checkbox" name="agents" /> {t('members_agents_only')}
        </label>
        <button type="submit" className="button button-accent">
          {t('members_search')}
        </button>
      </form>
      {asked !== null && found.isPending && <Loading />}
      {found.isError && <LoadError error={found.error} retry={() => void found.refetch()} />}
      {page !== undefined && page.hits.length === 0 && (
        <p className="note" role="status">
          {t('members_none')}
        </p>
      )}
      {page !== undefined && page.hits.length > 0 && (
        <>
          {page.piiHidden && <p className="note">{t('members_pii_hidden')}</p>}
          <Results page={page} open={open} />
          {(cursors.length > 0 || page.next !== null) && (
            <div className="actions">
              <button
                type="button"
                className="button button-ghost"
                disabled={cursors.length === 0}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                {t('members_previous')}
              </button>
              <span className="note">{t('members_page', { page: cursors.length + 1 })}</span>
              <button
                type="button"
                className="button button-ghost"
                disabled={page.next === null}
                onClick={() => page.next !== null && setCursors([...cursors, page.next])}
              >
                {t('members_next')}
              </button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
