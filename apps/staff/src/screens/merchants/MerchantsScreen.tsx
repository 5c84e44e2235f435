import type { StaffPermission } from '@wps/contract/staff';
import { useState } from 'react';
import { t } from '@/i18n/t';
import { SelectField } from '@/ui/Field';
import { LoadError, Loading } from '@/ui/States';
import { CreateMerchant } from './CreateMerchant';
import { DomainsForm } from './DomainsForm';
import { FlagsForm } from './FlagsForm';
import { GeneralForm } from './GeneralForm';
import { IdentityProvidersForm } from './IdentityProvidersForm';
import { ProvidersForm } from './ProvidersForm';
import { SecretsForm } from './SecretsForm';
import { useMerchant, useMerchantList } from './useMerchant';
import './merchants.css';

/** One merchant's sections, each saved on its own; a role that may only read sees them without Save. */
function MerchantSections({ code, readOnly }: { code: string; readOnly: boolean }) {
  const merchant = useMerchant(code);
  if (merchant.isPending) return <Loading />;
  if (merchant.isError) return <LoadError error={merchant.error} retry={() => void merchant.refetch()} />;
  const props = { merchant: merchant.data, readOnly };
  return (
    <div className="merchant-sections">
      <GeneralForm {...props} />
      <DomainsForm {...props} />
      <FlagsForm {...props} />
      <ProvidersForm {...props} />
      <IdentityProvidersForm {...props} />
      <SecretsForm {...props} />
    </div>
  );
}

/** The back office's Merchants section (issue 30 item 3). */
export function MerchantsScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const canRead = permissions.includes('merchant:read');
  const list = useMerchantList(canRead);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const code = chosen ?? list.data?.[0]?.code;
  const shown = useMerchant(code);
  return (
    <>
      {permissions.includes('merchant:create') && <CreateMerchant theme={shown.data?.template} />}
      {canRead && list.isPending && <Loading />}
      {list.isError && <LoadError error={list.error} retry={() => void list.refetch()} />}
      {list.isSuccess && list.data.length > 1 && (
        <SelectField
          label={t('merchant_pick')}
          value={code}
          onChange={(event) => setChosen(event.target.value)}
        >
          {list.data.map((merchant) => (
            <option key={merchant.code} value={merchant.code}>
              {merchant.name} ({merchant.code})
            </option>
          ))}
        </SelectField>
      )}
      {code !== undefined && (
        <MerchantSections code={code} readOnly={!permissions.includes('merchant:write')} />
      )}
    </>
  );
}
