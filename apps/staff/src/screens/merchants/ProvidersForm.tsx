import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import type { SmsProviderSettings } from '@wps/contract/system';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { optionalOf, SectionForm, textOf } from './SectionForm';
import { useMerchantSave } from './useMerchant';

const SMS_FIELDS = [
  'appId',
  'apiKey',
  'authDomain',
  'projectId',
  'messagingSenderId',
  'vapidKey',
  'facebookAppId',
  'googleWebClientId',
] as const satisfies readonly Exclude<keyof SmsProviderSettings, 'firebase' | 'standIn'>[];

const PIXELS = ['meta', 'tiktok', 'gtag'] as const;

/** The public settings of the merchant's providers: visitors' browsers receive them (no secrets here). */
export function ProvidersForm({ merchant, readOnly }: { merchant: StaffMerchantView; readOnly: boolean }) {
  const save = useMerchantSave();
  const current = merchant.providers;
  return (
    <SectionForm
      id="merchant-providers"
      title={t('merchant_providers')}
      note={t('merchant_providers_note')}
      readOnly={readOnly}
      pending={save.isPending}
      saved={save.isSuccess}
      error={save.error}
      onSave={(data) => {
        const botId = textOf(data, 'telegramBotId');
        const authDomain = textOf(data, 'telegramAuthDomain');
        save.mutate({
          code: merchant.code,
          providers: {
            geetestId: optionalOf(data, 'geetestId'),
            geetestVersion: textOf(data, 'geetestVersion') === 'v4' ? 'v4' : 'v3',
            lineClientId: optionalOf(data, 'lineClientId'),
            voluumDomain: optionalOf(data, 'voluumDomain'),
            smsProvider: {
              firebase: data.get('firebase') === 'on',
              ...Object.fromEntries(SMS_FIELDS.map((name) => [name, optionalOf(data, `sms-${name}`)])),
            } as SmsProviderSettings,
            telegramSetting: botId === '' || authDomain === '' ? null : { botId, authDomain },
            customerServiceScript: optionalOf(data, 'customerServiceScript'),
            adPixels: Object.fromEntries(
              PIXELS.map((name) => [name, textOf(data, `pixel-${name}`)]).filter(([, id]) => id !== ''),
            ),
          },
        });
      }}
    >
      <h3>{t('provider_captcha')}</h3>
      <Field label={t('provider_geetest_id')} name="geetestId" defaultValue={current.geetestId ?? ''} />
      <SelectField
        label={t('provider_geetest_version')}
        name="geetestVersion"
        defaultValue={current.geetestVersion}
      >
        <option value="v3">v3</option>
        <option value="v4">v4</option>
      </SelectField>
      <h3>{t('provider_sms_firebase')}</h3>
      <label>
        <input type="checkbox" name="firebase" defaultChecked={current.smsProvider.firebase} />{' '}
        {t('provider_firebase_on')}
      </label>
      {SMS_FIELDS.map((name) => (
        <Field key={name} label={name} name={`sms-${name}`} defaultValue={current.smsProvider[name] ?? ''} />
      ))}
      <h3>{t('provider_line_telegram')}</h3>
      <Field
        label={t('provider_line_client_id')}
        name="lineClientId"
        defaultValue={current.lineClientId ?? ''}
      />
      <Field
        label={t('provider_telegram_bot_id')}
        name="telegramBotId"
        defaultValue={current.telegramSetting?.botId ?? ''}
      />
      <Field
        label={t('provider_telegram_auth_domain')}
        name="telegramAuthDomain"
        defaultValue={current.telegramSetting?.authDomain ?? ''}
      />
      <h3>{t('provider_chat_pixels')}</h3>
      <Field
        label={t('provider_chat_script')}
        name="customerServiceScript"
        defaultValue={current.customerServiceScript ?? ''}
      />
      <Field label={t('provider_voluum')} name="voluumDomain" defaultValue={current.voluumDomain ?? ''} />
      {PIXELS.map((name) => (
        <Field
          key={name}
          label={t('provider_pixel', { platform: name })}
          name={`pixel-${name}`}
          defaultValue={current.adPixels[name] ?? ''}
        />
      ))}
    </SectionForm>
  );
}
