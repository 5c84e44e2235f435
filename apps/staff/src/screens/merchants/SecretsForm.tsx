import { MERCHANT_SECRET_NAMES, type StaffMerchantView } from '@wps/contract/merchantAdmin';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { SectionForm, textOf } from './SectionForm';
import { useMerchantSave } from './useMerchant';

/**
 * The merchant's secrets, write-only: the form says which are set, never shows a value, and sends
 * only the fields typed into (or cleared); the others stay as they are.
 */
export function SecretsForm({ merchant, readOnly }: { merchant: StaffMerchantView; readOnly: boolean }) {
  const save = useMerchantSave();
  return (
    <SectionForm
      id="merchant-secrets"
      title={t('merchant_secrets')}
      note={t('merchant_secrets_note')}
      readOnly={readOnly}
      pending={save.isPending}
      saved={save.isSuccess}
      error={save.error}
      onSave={(data, form) => {
        const secrets: Record<string, string> = {};
        for (const name of MERCHANT_SECRET_NAMES) {
          if (data.get(`clear-${name}`) === 'on') secrets[name] = '';
          else if (textOf(data, name) !== '') secrets[name] = textOf(data, name);
        }
        const payments = merchant.paymentProviders.map((provider) => {
          const typed = textOf(data, `psp-${provider.provider}`);
          return {
            provider: provider.provider,
            apiBase: textOf(data, `psp-base-${provider.provider}`),
            enabled: data.get(`psp-on-${provider.provider}`) === 'on',
            ...(typed === '' ? {} : { secrets: typed }),
          };
        });
        save.mutate(
          {
            code: merchant.code,
            secrets,
            ...(payments.length === 0 ? {} : { paymentProviders: payments }),
          },
          // What was typed is gone from the page once it is stored.
          { onSuccess: () => form.reset() },
        );
      }}
    >
      {MERCHANT_SECRET_NAMES.map((name) => {
        const set = merchant.secretsSet.includes(name);
        return (
          <div key={name} className="secret-row">
            <Field
              label={t('secret_label', { name, state: set ? t('secret_set') : t('secret_not_set') })}
              name={name}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              placeholder={set ? '••••••••' : ''}
            />
            {set && (
              <label>
                <input type="checkbox" name={`clear-${name}`} /> {t('secret_clear', { name })}
              </label>
            )}
          </div>
        );
      })}
      {merchant.paymentProviders.map((provider) => (
        <div key={provider.provider} className="secret-row">
          <h3>{t('psp_title', { provider: provider.provider })}</h3>
          <label>
            <input type="checkbox" name={`psp-on-${provider.provider}`} defaultChecked={provider.enabled} />{' '}
            {t('psp_enabled')}
          </label>
          <Field
            label={t('psp_api_base')}
            name={`psp-base-${provider.provider}`}
            defaultValue={provider.apiBase}
            required
          />
          <Field
            label={t('psp_secrets')}
            name={`psp-${provider.provider}`}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
          />
        </div>
      ))}
    </SectionForm>
  );
}
