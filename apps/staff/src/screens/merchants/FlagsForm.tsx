import { WHITELABEL_FLAGS, type WhitelabelFlag } from '@wps/contract/flags';
import type { StaffMerchantView } from '@wps/contract/merchantAdmin';
import { t, type TextKey } from '@/i18n/t';
import { SectionForm } from './SectionForm';
import { useMerchantSave } from './useMerchant';

const meaning = (flag: WhitelabelFlag) => t(`flag_${flag}` as TextKey);

/** Every whitelabel flag of spec section 6 and the product's, each with what it turns on. */
export function FlagsForm({ merchant, readOnly }: { merchant: StaffMerchantView; readOnly: boolean }) {
  const save = useMerchantSave();
  return (
    <SectionForm
      id="merchant-flags"
      title={t('merchant_flags')}
      readOnly={readOnly}
      pending={save.isPending}
      saved={save.isSuccess}
      error={save.error}
      onSave={(data) =>
        save.mutate({
          code: merchant.code,
          flags: Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, data.get(flag) === 'on'])),
        })
      }
    >
      <ul className="flags">
        {WHITELABEL_FLAGS.map((flag) => (
          <li key={flag}>
            <label>
              <input
                type="checkbox"
                name={flag}
                defaultChecked={merchant.flags[flag]}
                aria-describedby={`flag-${flag}`}
              />{' '}
              <code>{flag}</code>
            </label>
            <p id={`flag-${flag}`} className="note">
              {meaning(flag)}
            </p>
          </li>
        ))}
      </ul>
    </SectionForm>
  );
}
