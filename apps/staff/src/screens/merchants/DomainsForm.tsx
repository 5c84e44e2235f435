import type { MerchantDomainView, StaffMerchantView } from '@wps/contract/merchantAdmin';
import { useState } from 'react';
import { t } from '@/i18n/t';
import { Field, SelectField, TextAreaField } from '@/ui/Field';
import { SectionForm, textOf } from './SectionForm';
import { linesOf, useMerchantSave } from './useMerchant';

/**
 * The domains the merchant answers on (listed ones are handed out by the domain route), the one
 * search engines may index, its maintenance window and its region restrictions.
 */
export function DomainsForm({ merchant, readOnly }: { merchant: StaffMerchantView; readOnly: boolean }) {
  const save = useMerchantSave();
  const [domains, setDomains] = useState<MerchantDomainView[]>(merchant.domains);
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, next: Partial<MerchantDomainView>) =>
    setDomains((rows) => rows.map((row, at) => (at === index ? { ...row, ...next } : row)));
  const names = domains.map((row) => row.domain.trim().toLowerCase()).filter((name) => name !== '');

  return (
    <SectionForm
      id="merchant-domains"
      title={t('merchant_domains')}
      note={t('merchant_domains_note')}
      readOnly={readOnly}
      pending={save.isPending}
      saved={save.isSuccess}
      error={save.error}
      onSave={(data) => {
        if (names.length === 0) return setError(t('merchant_domains_required'));
        setError(null);
        const start = textOf(data, 'maintenanceStart');
        const end = textOf(data, 'maintenanceEnd');
        const allowed = linesOf(textOf(data, 'allowed'));
        save.mutate({
          code: merchant.code,
          domains: domains
            .map((row) => ({ domain: row.domain.trim().toLowerCase(), listed: row.listed }))
            .filter((row) => row.domain !== ''),
          mainHost: textOf(data, 'mainHost'),
          maintenance: {
            start: start === '' ? null : new Date(start).toISOString(),
            end: end === '' ? null : new Date(end).toISOString(),
          },
          region: {
            blocked: linesOf(textOf(data, 'blocked')),
            allowed: allowed.length === 0 ? null : allowed,
          },
        });
      }}
    >
      {domains.map((row, index) => (
        <div className="domain-row" key={index}>
          <Field
            label={t('merchant_domain', { n: index + 1 })}
            value={row.domain}
            required
            error={index === 0 ? error : null}
            onChange={(event) => change(index, { domain: event.target.value })}
          />
          <label>
            <input
              type="checkbox"
              checked={row.listed}
              onChange={(event) => change(index, { listed: event.target.checked })}
            />{' '}
            {t('merchant_domain_listed')}
          </label>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => setDomains((rows) => rows.filter((_row, at) => at !== index))}
          >
            {t('merchant_domain_remove', { domain: row.domain || String(index + 1) })}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-ghost"
        onClick={() => setDomains((rows) => [...rows, { domain: '', listed: true }])}
      >
        {t('merchant_domain_add')}
      </button>
      <SelectField label={t('merchant_main_host')} name="mainHost" defaultValue={merchant.mainHost}>
        {[...new Set([merchant.mainHost, ...names])].map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('merchant_maintenance_start')}
        name="maintenanceStart"
        type="datetime-local"
        defaultValue={localInput(merchant.maintenanceStart)}
      />
      <Field
        label={t('merchant_maintenance_end')}
        name="maintenanceEnd"
        type="datetime-local"
        defaultValue={localInput(merchant.maintenanceEnd)}
      />
      <TextAreaField
        label={t('merchant_region_blocked')}
        name="blocked"
        rows={3}
        defaultValue={merchant.regionBlockedCidrs.join('\n')}
      />
      <TextAreaField
        label={t('merchant_region_allowed')}
        name="allowed"
        rows={3}
        defaultValue={(merchant.regionAllowedCidrs ?? []).join('\n')}
      />
    </SectionForm>
  );
}

/** An instant as a datetime-local field shows it: the browser's local time, to the minute. */
function localInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
