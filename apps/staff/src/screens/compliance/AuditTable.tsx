import type { TrustAuditEntry } from '@wps/contract/trust';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { Card, LoadError, Loading } from '@/ui/States';
import { auditSummary, isRefused } from './auditSummary';

/** The server's page size (a full page may have more behind it). */
export const AUDIT_PAGE = 50;

export interface AuditView {
  customerId: string;
  /** The id of the previous page's last row; undefined: the newest page. */
  before: string | undefined;
}

function initiator(entry: TrustAuditEntry): string {
  if (entry.actor === 'staff') return entry.actorName ?? t('audit_staff', { id: entry.actorId ?? '?' });
  return entry.actor === 'system' ? t('audit_system') : t('audit_by_member');
}

/** The merchant's responsible-gaming audit, newest first: one member's or everyone's, 50 a page. */
export function AuditTable({ view, show }: { view: AuditView; show: (view: AuditView) => void }) {
  const audit = useQuery({
    queryKey: staffKeys.auditPage(view.customerId, view.before),
    queryFn: () =>
      staffCall('staffTrustAudit', {
        ...(view.customerId === '' ? {} : { customerId: view.customerId }),
        ...(view.before === undefined ? {} : { before: view.before }),
      }),
    placeholderData: keepPreviousData,
  });

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    show({
      customerId: String(new FormData(event.currentTarget).get('customerId') ?? '').trim(),
      before: undefined,
    });
  };
  const entries = audit.data ?? [];
  const last = entries.at(-1);

  return (
    <Card id="compliance-audit" title={t('audit_title')}>
      <form
        className="auth-form row"
        role="search"
        aria-label={t('audit_filter')}
        onSubmit={filter}
        key={view.customerId}
      >
        <Field
          label={t('member_id')}
          name="customerId"
          inputMode="numeric"
          pattern="[0-9]+"
          defaultValue={view.customerId}
        />
        <button type="submit" className="button button-accent">
          {t('audit_show')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => show({ customerId: '', before: undefined })}
        >
          {t('audit_all')}
        </button>
      </form>
      {audit.isPending && <Loading />}
      {audit.isError && <LoadError error={audit.error} retry={() => void audit.refetch()} />}
      {audit.isSuccess && (
        <>
          <div className="table-wrap wide">
            <table aria-busy={audit.isPlaceholderData}>
              <thead>
                <tr>
                  <th scope="col">{t('audit_when')}</th>
                  <th scope="col">{t('audit_member')}</th>
                  <th scope="col">{t('audit_initiator')}</th>
                  <th scope="col">{t('audit_action')}</th>
                  <th scope="col">{t('audit_asked')}</th>
                  <th scope="col">{t('audit_effect')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{new Date(entry.at).toLocaleString()}</td>
                    <td>
                      <button
                        type="button"
                        className="link"
                        title={t('audit_only_member')}
                        onClick={() => show({ customerId: String(entry.customerId), before: undefined })}
                      >
                        {entry.username} #{entry.customerId}
                      </button>
                    </td>
                    <td className={`actor-${entry.actor}`}>{initiator(entry)}</td>
                    <td>{entry.action}</td>
                    <td>{auditSummary(entry.requested)}</td>
                    <td className={isRefused(entry) ? 'refused' : undefined}>{auditSummary(entry.effect)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {entries.length === 0 && <p className="note">{t('audit_empty')}</p>}
          <p className="actions">
            {view.before !== undefined && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => show({ ...view, before: undefined })}
              >
                {t('audit_newest')}
              </button>
            )}
            {entries.length >= AUDIT_PAGE && last && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => show({ ...view, before: last.id })}
              >
                {t('audit_older')}
              </button>
            )}
          </p>
        </>
      )}
    </Card>
  );
}
