import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { LoadError, Loading, Outcome } from '@/ui/States';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Older/newer buttons over a stack of cursors (the pages walked so far). */
function Pager<Cursor>({
  cursors,
  setCursors,
  next,
}: {
  cursors: Cursor[];
  setCursors: (cursors: Cursor[]) => void;
  next: Cursor | null;
}) {
  if (cursors.length === 0 && next === null) return null;
  return (
    <div className="actions">
      <button
        type="button"
        className="button button-ghost"
        disabled={cursors.length === 0}
        onClick={() => setCursors(cursors.slice(0, -1))}
      >
        {t('members_previous')}
      </button>
      <button
        type="button"
        className="button button-ghost"
        disabled={next === null}
        onClick={() => next !== null && setCursors([...cursors, next])}
      >
        {t('members_next')}
      </button>
    </div>
  );
}

/** The member's movements, newest first: the wallet's history (deposits, bets, wins, adjustments). */
export function LedgerTab({ id }: { id: number }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const history = useQuery({
    queryKey: staffKeys.memberPart(id, 'history', before),
    queryFn: () =>
      staffCall('staffMemberHistory', { id, pageSize: 20, ...(before === undefined ? {} : { before }) }),
    placeholderData: keepPreviousData,
  });
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadError error={history.error} retry={() => void history.refetch()} />;
  if (history.data.entries.length === 0) {
    return (
      <p className="note" role="status">
        {t('members_no_movements')}
      </p>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('members_tab_ledger')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members_at')}</th>
              <th scope="col">{t('members_movement')}</th>
              <th scope="col" className="n">
                {t('cashier_amount')}
              </th>
              <th scope="col">{t('cashier_state')}</th>
              <th scope="col">{t('members_reference')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.at)}</td>
                <td>{entry.kind}</td>
                <td className="n">
                  {entry.amount} {entry.currency}
                </td>
                <td className={`state-${entry.state}`}>{entry.state}</td>
                <td className="mono">{entry.round ?? entry.reference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager cursors={cursors} setCursors={setCursors} next={history.data.next} />
    </>
  );
}

/** Notes and the reasons of staff actions, newest first; append-only (no edit, no delete). */
export function NotesTab({ id, mayWrite }: { id: number; mayWrite: boolean }) {
  const client = useQueryClient();
  const [missing, setMissing] = useState(false);
  const notes = useQuery({
    queryKey: staffKeys.memberPart(id, 'notes'),
    queryFn: () => staffCall('staffMemberNotes', { id }),
  });
  const add = useMutation({
    mutationFn: (body: string) => staffCall('staffMemberNoteAdd', { id, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.memberPart(id, 'notes') }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '').trim();
    setMissing(body === '');
    if (body === '') return;
    add.mutate(body, { onSuccess: () => form.reset() });
  };
  return (
    <>
      {mayWrite && (
        <form className="auth-form" onSubmit={submit} noValidate aria-busy={add.isPending}>
          <Field
            label={t('members_note')}
            name="body"
            maxLength={2000}
            error={missing ? t('members_note_empty') : null}
          />
          <button type="submit" className="button button-accent" disabled={add.isPending}>
            {t('members_note_add')}
          </button>
          {add.isError && <Outcome text={t('refused', { message: errorText(add.error) })} failed />}
        </form>
      )}
      {notes.isPending && <Loading />}
      {notes.isError && <LoadError error={notes.error} retry={() => void notes.refetch()} />}
      {notes.isSuccess && notes.data.length === 0 && (
        <p className="note" role="status">
          {t('members_no_notes')}
        </p>
      )}
      {notes.isSuccess && notes.data.length > 0 && (
        <ol className="notes">
          {notes.data.map((note) => (
            <li key={note.id}>
              <p className="note">
                {t('members_note_by', { name: note.staffName ?? '—', at: when(note.at) })} ·{' '}
                <strong>{t(`members_note_${note.kind}`)}</strong>
              </p>
              <p>{note.body}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** An agent's sub-accounts and the members the member's referral code brought. */
export function DownlineTab({ id, open }: { id: number; open: (id: number) => void }) {
  const [cursors, setCursors] = useState<number[]>([]);
  const after = cursors.at(-1);
  const downline = useQuery({
    queryKey: staffKeys.memberPart(id, 'downline', after),
    queryFn: () => staffCall('staffMemberDownline', { id, ...(after === undefined ? {} : { after }) }),
    placeholderData: keepPreviousData,
  });
  if (downline.isPending) return <Loading />;
  if (downline.isError) return <LoadError error={downline.error} retry={() => void downline.refetch()} />;
  if (downline.data.members.length === 0) {
    return (
      <p className="note" role="status">
        {t('members_no_downline')}
      </p>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('members_tab_downline')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members_id')}</th>
              <th scope="col">{t('members_username')}</th>
              <th scope="col">{t('members_kind')}</th>
              <th scope="col">{t('members_via')}</th>
              <th scope="col">{t('members_registered')}</th>
            </tr>
          </thead>
          <tbody>
            {downline.data.members.map((row) => (
              <tr key={row.id}>
                <td className="mono">{row.id}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => open(row.id)}>
                    {row.username}
                  </button>
                </td>
                <td>{t(row.kind === 'agent' ? 'members_agent' : 'members_player')}</td>
                <td>{t(row.via === 'agent' ? 'members_via_agent' : 'members_via_referral')}</td>
                <td>{new Date(row.createdAt).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager cursors={cursors} setCursors={setCursors} next={downline.data.next} />
    </>
  );
}
