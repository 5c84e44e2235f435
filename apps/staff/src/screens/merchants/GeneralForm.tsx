import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import { ALL_LANGUAGES, type LanguageCode } from '@wps/contract/languages';
import { LANGUAGE_NAMES } from '@wps/contract/languageNames';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { SectionForm, textOf } from './SectionForm';
import { linesOf, useMerchantSave } from './useMerchant';

/** Name, languages, currency, countries served and the jurisdiction profile. */
export function GeneralForm({ merchant, readOnly }: { merchant: StaffMerchantView; readOnly: boolean }) {
  const save = useMerchantSave();
  return (
    <SectionForm
      id="merchant-general"
      title={t('merchant_general')}
      readOnly={readOnly}
      pending={save.isPending}
      saved={save.isSuccess}
      error={save.error}
      onSave={(data) =>
        save.mutate({
          code: merchant.code,
          name: textOf(data, 'name'),
          defaultLanguage: textOf(data, 'defaultLanguage'),
          languages: data.getAll('languages').map(String),
          currency: textOf(data, 'currency').toUpperCase(),
          currencySymbol: textOf(data, 'currencySymbol'),
          currencyPosition: textOf(data, 'currencyPosition') === 'after' ? 'after' : 'before',
          countryCode: textOf(data, 'countryCode').toUpperCase(),
          countries: linesOf(textOf(data, 'countries').toUpperCase()),
          jurisdictionProfileId: textOf(data, 'jurisdictionProfileId'),
        })
      }
    >
      <Field label={t('merchant_name')} name="name" required maxLength={80} defaultValue={merchant.name} />
      <SelectField
        label={t('merchant_default_language')}
        name="defaultLanguage"
        defaultValue={merchant.defaultLanguage}
      >
        {ALL_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </SelectField>
      <fieldset className="choices">
        <legend>{t('merchant_languages')}</legend>
        {ALL_LANGUAGES.map((code) => (
          <label key={code}>
            <input
              type="checkbox"
              name="languages"
              value={code}
              defaultChecked={merchant.languages.includes(code)}
            />{' '}
            {languageName(code)}
          </label>
        ))}
      </fieldset>
      <Field
        label={t('merchant_currency')}
        name="currency"
        required
        pattern="[A-Za-z]{3}"
        defaultValue={merchant.currency}
      />
      <Field
        label={t('merchant_currency_symbol')}
        name="currencySymbol"
        required
        maxLength={8}
        defaultValue={merchant.currencySymbol}
      />
      <SelectField
        label={t('merchant_currency_position')}
        name="currencyPosition"
        defaultValue={merchant.currencyPosition}
      >
        <option value="before">{t('merchant_currency_before')}</option>
        <option value="after">{t('merchant_currency_after')}</option>
      </SelectField>
      <Field
        label={t('merchant_home_country')}
        name="countryCode"
        required
        pattern="[A-Za-z]{2}"
        defaultValue={merchant.countryCode}
      />
      <Field label={t('merchant_countries')} name="countries" defaultValue={merchant.countries.join(', ')} />
      <SelectField
        label={t('merchant_jurisdiction')}
        name="jurisdictionProfileId"
        defaultValue={merchant.jurisdictionProfileId}
      >
        {merchant.jurisdictionProfiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </SelectField>
    </SectionForm>
  );
}

function languageName(code: LanguageCode): string {
  return `${LANGUAGE_NAMES[code]} (${code})`;
}
