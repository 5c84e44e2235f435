import { ALL_LANGUAGES } from '@wps/contract/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@wps/contract/endpoints';
import type { MobileTemplate } from '@wps/contract/system';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { SectionForm, textOf } from './SectionForm';

/**
 * The theme a new merchant starts from: the colours, background and switches of the one shown; not
 * its logo, description or prompt, which name that merchant.
 */
export function startingTheme(theme: MobileTemplate): MobileTemplate {
  return { ...theme, h5_logo: null, app_desc: null, login_prompt_text: null };
}

/**
 * A new merchant with its first domain: it answers there at once, every flag off, with the default
 * theme or the theme of the merchant shown (`theme`). Editing it after is the platform operator's.
 */
export function CreateMerchant({ theme }: { theme: MobileTemplate | undefined }) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (input: EndpointInput<'staffMerchantCreate'>) => staffCall('staffMerchantCreate', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.merchants(), exact: true }),
  });
  return (
    <SectionForm
      id="merchant-create"
      title={t('merchant_create')}
      note={t('merchant_create_note')}
      pending={create.isPending}
      saved={false}
      error={create.error}
      onSave={(data) =>
        create.mutate({
          code: textOf(data, 'code').toLowerCase(),
          name: textOf(data, 'name'),
          domain: textOf(data, 'domain').toLowerCase(),
          defaultLanguage: textOf(data, 'defaultLanguage'),
          currency: textOf(data, 'currency').toUpperCase(),
          currencySymbol: textOf(data, 'currencySymbol'),
          countryCode: textOf(data, 'countryCode').toUpperCase(),
          ...(theme !== undefined && data.get('copyTheme') === 'on'
            ? { template: startingTheme(theme) }
            : {}),
        })
      }
    >
      {create.isSuccess && (
        <p role="status" className="outcome">
          {t('merchant_created', { name: create.data.name, domain: create.data.domains[0]?.domain ?? '' })}
        </p>
      )}
      <Field
        label={t('merchant_code')}
        name="code"
        required
        pattern="[a-z0-9][a-z0-9\-]{0,31}"
        autoComplete="off"
      />
      <Field label={t('merchant_name')} name="name" required maxLength={80} />
      <Field label={t('merchant_first_domain')} name="domain" required autoComplete="off" />
      <SelectField label={t('merchant_default_language')} name="defaultLanguage" defaultValue="EN">
        {ALL_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <Field label={t('merchant_currency')} name="currency" required pattern="[A-Za-z]{3}" />
      <Field label={t('merchant_currency_symbol')} name="currencySymbol" required maxLength={8} />
      <Field label={t('merchant_home_country')} name="countryCode" required pattern="[A-Za-z]{2}" />
      {theme !== undefined && (
        <label>
          <input type="checkbox" name="copyTheme" defaultChecked /> {t('merchant_copy_theme')}
        </label>
      )}
    </SectionForm>
  );
}
