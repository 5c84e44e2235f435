import {
  IDENTITY_PROVIDER_NAMES,
  type IdentityProviderAdminName,
  type IdentityProviderView,
  type StaffMerchantView,
} from '@wps/contract/merchantAdmin';
import { t } from '@/i18n/t';
import { Field, TextAreaField } from '@/ui/Field';
import { SectionForm, textOf } from './SectionForm';
import { useMerchantSave } from './useMerchant';

/** The secret each sign-in provider's service reads (services/identity/providers on the server). */
const SECRET_OF: Record<IdentityProviderAdminName, string | null> = {
  firebase: null,
  line: 'channelSecret',
  telegram: 'botToken',
  maya: 'clientSecret',
};

/** `name=value` lines; `true` and `false` are yes/no settings. */
function parseConfig(text: string): Record<string, string | boolean> {
  const config: Record<string, string | boolean> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    config[name] = value === 'true' ? true : value === 'false' ? false : value;
  }
  return config;
}

const configText = (config: Record<string, string | boolean>) =>
  Object.entries(config)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('\n');

/** Firebase, LINE, Telegram and Maya sign-in: switched on or off, public settings, write-only secret. */
export function IdentityProvidersForm({
  merchant,
  readOnly,
}: {
  merchant: StaffMerchantView;
  readOnly: boolean;
}) {
  const save = useMerchantSave();
  const rows: IdentityProviderView[] = IDENTITY_PROVIDER_NAMES.map(
    (provider) =>
      merchant.identityProviders.find((row) => row.provider === provider) ?? {
        provider,
        enabled: false,
        publicConfig: {},
        secretsSet: [],
      },
  );
  return (
    <SectionForm
      id="merchant-identity"
      title={t('merchant_identity')}
      readOnly={readOnly}
      pending={save.isPending}
      saved={save.isSuccess}
      error={save.error}
      onSave={(data, form) =>
        save.mutate(
          {
            code: merchant.code,
            identityProviders: rows.map((row) => {
              const secret = SECRET_OF[row.provider];
              const typed = secret === null ? '' : textOf(data, `${row.provider}-secret`);
              return {
                provider: row.provider,
                enabled: data.get(`${row.provider}-on`) === 'on',
                publicConfig: parseConfig(String(data.get(`${row.provider}-config`) ?? '')),
                ...(secret === null || typed === '' ? {} : { secrets: { [secret]: typed } }),
              };
            }),
          },
          { onSuccess: () => form.reset() },
        )
      }
    >
      {rows.map((row) => {
        const secret = SECRET_OF[row.provider];
        return (
          <div key={row.provider} className="secret-row">
            <h3>{t(`identity_${row.provider}`)}</h3>
            <label>
              <input type="checkbox" name={`${row.provider}-on`} defaultChecked={row.enabled} />{' '}
              {t('identity_enabled')}
            </label>
            <TextAreaField
              label={t('identity_public_config')}
              name={`${row.provider}-config`}
              rows={3}
              spellCheck={false}
              defaultValue={configText(row.publicConfig)}
            />
            {secret !== null && (
              <Field
                label={t('secret_label', {
                  name: secret,
                  state: row.secretsSet.includes(secret) ? t('secret_set') : t('secret_not_set'),
                })}
                name={`${row.provider}-secret`}
                type="password"
                autoComplete="new-password"
              />
            )}
          </div>
        );
      })}
    </SectionForm>
  );
}
