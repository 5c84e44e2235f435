import { CS_POSITIONS, CS_TYPES } from '@wps/contract/customerService';
import type { StaffCustomerServiceEntry, StaffLinks } from '@wps/contract/offersAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import type { DownloadResource } from '@wps/contract/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import '../offers.css';

const RESOURCE_TYPES = ['IOS', 'MOBILECONFIG', 'Android', 'AppDownloadIcon'] as const;

/** An absolute http(s) address: what a download link must be (checked here to say so at once; the server decides). */
export function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

function Downloads({ links, canWrite }: { links: StaffLinks; canWrite: boolean }) {
  const client = useQueryClient();
  const [rows, setRows] = useState<DownloadResource[]>(links.resources);
  const save = useMutation({
    mutationFn: () => staffCall('staffDownloadLinksSave', { resources: rows }),
    onSuccess: (saved) => client.setQueryData(staffKeys.links(), saved),
  });
  const bad = rows.some((row) => !isHttpAddress(row.url));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!bad) save.mutate();
  };
  const set = (index: number, change: Partial<DownloadResource>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Card id="downloads" title={t('links_downloads_title')}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {rows.length === 0 && <p className="note">{t('links_downloads_empty')}</p>}
        {rows.map((row, index) => (
          <div className="link-row" key={index}>
            <SelectField
              label={t('links_type')}
              value={row.resourceType}
              disabled={!canWrite}
              onChange={(e) =>
                set(index, { resourceType: e.target.value as DownloadResource['resourceType'] })
              }
            >
              {RESOURCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('links_url')}
              value={row.url}
              disabled={!canWrite}
              error={row.url !== '' && !isHttpAddress(row.url) ? t('links_url_bad') : null}
              onChange={(e) => set(index, { url: e.target.value })}
            />
            {canWrite && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setRows(rows.filter((_, at) => at !== index))}
              >
                {t('links_remove')}
              </button>
            )}
          </div>
        ))}
        {save.isError && <Outcome failed text={errorText(save.error)} />}
        {save.isSuccess && <Outcome text={t('links_saved')} />}
        {canWrite && (
          <div className="actions">
            <button
              type="button"
              className="button button-ghost"
              onClick={() => setRows([...rows, { resourceType: 'Android', url: '' }])}
            >
              {t('links_add')}
            </button>
            <button type="submit" className="button button-accent" disabled={save.isPending || bad}>
              {t('offers_save')}
            </button>
          </div>
        )}
      </form>
    </Card>
  );
}

function CustomerService({ links, canWrite }: { links: StaffLinks; canWrite: boolean }) {
  const client = useQueryClient();
  const [rows, setRows] = useState<StaffCustomerServiceEntry[]>(links.customerService);
  const save = useMutation({
    mutationFn: () => staffCall('staffCustomerServiceSave', { entries: rows }),
    onSuccess: (saved) => client.setQueryData(staffKeys.links(), saved),
  });
  const set = (index: number, change: Partial<StaffCustomerServiceEntry>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Card id="customer-service" title={t('links_cs_title')}>
      <p className="note">{t('links_cs_note')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {rows.length === 0 && <p className="note">{t('links_cs_empty')}</p>}
        {rows.map((row, index) => (
          <div className="link-row" key={index}>
            <SelectField
              label={t('links_cs_type')}
              value={row.csType}
              disabled={!canWrite}
              onChange={(e) => set(index, { csType: e.target.value as StaffCustomerServiceEntry['csType'] })}
            >
              {CS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('links_cs_position')}
              value={row.csPosition}
              disabled={!canWrite}
              onChange={(e) =>
                set(index, { csPosition: e.target.value as StaffCustomerServiceEntry['csPosition'] })
              }
            >
              {CS_POSITIONS.map((position) => (
                <option key={position} value={position}>
                  {position}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('links_cs_path')}
              value={row.path}
              disabled={!canWrite}
              onChange={(e) => set(index, { path: e.target.value })}
            />
            <fieldset className="fieldset">
              <legend>{t('links_cs_labels')}</legend>
              {links.vipLabels.length === 0 && <span className="note">{t('links_cs_no_labels')}</span>}
              {links.vipLabels.map((label) => (
                <label key={label.id}>
                  <input
                    type="checkbox"
                    disabled={!canWrite}
                    checked={row.labelIds.includes(label.id)}
                    onChange={(e) =>
                      set(index, {
                        labelIds: e.target.checked
                          ? [...row.labelIds, label.id]
                          : row.labelIds.filter((id) => id !== label.id),
                      })
                    }
                  />{' '}
                  {label.name}
                </label>
              ))}
            </fieldset>
            {canWrite && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setRows(rows.filter((_, at) => at !== index))}
              >
                {t('links_remove')}
              </button>
            )}
          </div>
        ))}
        {save.isError && <Outcome failed text={errorText(save.error)} />}
        {save.isSuccess && <Outcome text={t('links_saved')} />}
        {canWrite && (
          <div className="actions">
            <button
              type="button"
              className="button button-ghost"
              onClick={() =>
                setRows([...rows, { path: 'https://', csType: 'LINK', csPosition: 'HOME', labelIds: [] }])
              }
            >
              {t('links_add')}
            </button>
            <button type="submit" className="button button-accent" disabled={save.isPending}>
              {t('offers_save')}
            </button>
          </div>
        )}
      </form>
    </Card>
  );
}

/** Download links and customer-service entries (issue 30 item 5), saved each as a whole list. */
export function LinksScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const canWrite = permissions.includes('content:write');
  const query = useQuery({ queryKey: staffKeys.links(), queryFn: () => staffCall('staffLinks', {}) });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  return (
    <div className="offers-screen">
      <Downloads links={query.data} canWrite={canWrite} />
      <CustomerService links={query.data} canWrite={canWrite} />
    </div>
  );
}
