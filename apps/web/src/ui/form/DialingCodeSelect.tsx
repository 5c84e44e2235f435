import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';

interface DialingCodeSelectProps {
  value: string;
  onChange: (value: string) => void;
}

/** The country dialing code, from the common store's countries (default: the merchant's). */
export function DialingCodeSelect({ value, onChange }: DialingCodeSelectProps) {
  const { t } = useT();
  const id = useId();
  const settings = useSettings();
  const codes = [
    ...new Set([
      settings?.countryDialingCode ?? value,
      value,
      ...(settings?.countries ?? []).map((country) => country.dialingCode),
    ]),
  ].filter(Boolean);
  return (
    <div className="auth-field">
      <label htmlFor={id}>{t('auth_dialing_code')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {codes.map((code) => (
          <option key={code} value={code}>
            +{code}
          </option>
        ))}
      </select>
    </div>
  );
}
